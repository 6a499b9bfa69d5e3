/**
 * Validation against the official XSDs v1.01 (./xsd, see its README) with xmllint-wasm (libxml2
 * in WebAssembly: no native build on the shop's PC). The server validates what it is about to send,
 * so a mistake shows up as our own error instead of a national rejection.
 *
 * xmllint-wasm's validateXML starts a worker thread and compiles its 0.8 MB WebAssembly on every
 * call (~0.5–0.9 s a document), and the queue validates each DPS inside the transaction that takes
 * its number. So documents go to one thread of ours (xsd-worker.mjs) that compiled the module once
 * and runs xmllint per document (~20–40 ms); it ends after a minute without work and starts again
 * when needed. Should it not start (xmllint-wasm's files not as xsd-worker.mjs expects), every
 * document is validated by validateXML as before, with one warning.
 */
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

export type XsdRoot = 'DPS' | 'pedRegEvento' | 'NFSe' | 'evento';

const ROOT_SCHEMA: Record<XsdRoot, string> = {
  DPS: 'DPS_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  NFSe: 'NFSe_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
};

const SCHEMA_FILES = [
  ...Object.values(ROOT_SCHEMA),
  'tiposComplexos_v1.01.xsd',
  'tiposSimples_v1.01.xsd',
  'tiposEventos_v1.01.xsd',
  'xmldsig-core-schema.xsd',
];

const XSD_DIR = new URL('./xsd/', import.meta.url);

let schemas: Promise<Map<string, string>> | undefined;

function loadSchemas(): Promise<Map<string, string>> {
  // Read once per process; a failed read is not cached, so a later call can try again.
  schemas ??= Promise.all(SCHEMA_FILES.map(async (name) => [name, await readFile(new URL(name, XSD_DIR), 'utf8')] as const))
    .then((entries) => new Map(entries))
    .catch((error: unknown) => {
      schemas = undefined;
      throw error;
    });
  return schemas;
}

export interface XsdResult {
  valid: boolean;
  errors: string[];
}

/** What one run of xmllint answered: 0 valid, 3/4 invalid, anything else a failure. */
interface XmllintRun {
  exitCode: number;
  stderr: string;
}

/** The thread could not take the document (it did not start, or ended): validateXML takes it. */
class ThreadUnavailable extends Error {}

/** After this long without a document the thread ends and its memory goes back. */
const IDLE_MS = 60_000;

class XmllintThread {
  private readonly worker = new Worker(new URL('./xsd-worker.mjs', import.meta.url));
  private readonly started: Promise<void>;
  private readonly waiting = new Map<number, { resolve: (run: XmllintRun) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private active = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private ready = false;
  private ended = false;

  /** `onEnd(startedOk, why)`: the thread is gone (idle, crashed, or it never started). */
  constructor(private readonly onEnd: (startedOk: boolean, why: string) => void) {
    // Never what keeps the process alive: only a document being validated holds it (run()).
    this.worker.unref();
    this.started = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (m: { ready?: boolean; failed?: string; id?: number } & Partial<XmllintRun>) => {
        if (m.ready) {
          this.ready = true;
          resolve();
        } else if (typeof m.failed === 'string') {
          reject(new ThreadUnavailable(m.failed));
          this.end(m.failed);
        } else if (typeof m.id === 'number') {
          const w = this.waiting.get(m.id);
          this.waiting.delete(m.id);
          w?.resolve({ exitCode: Number(m.exitCode), stderr: String(m.stderr ?? '') });
        }
      });
      this.worker.on('error', (error) => {
        reject(new ThreadUnavailable(String(error)));
        this.end(String(error));
      });
      this.worker.on('exit', (code) => {
        reject(new ThreadUnavailable(`exited (${code})`));
        this.end(`exited (${code})`);
      });
    });
    this.started.catch(() => undefined);
  }

  async run(inputFiles: XMLFileInfo[], args: string[]): Promise<XmllintRun> {
    if (this.ended) throw new ThreadUnavailable('ended');
    this.active++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker.ref();
    try {
      await this.started;
      return await new Promise<XmllintRun>((resolve, reject) => {
        const id = this.nextId++;
        this.waiting.set(id, { resolve, reject });
        this.worker.postMessage({ id, inputFiles, args });
      });
    } finally {
      if (--this.active === 0 && !this.ended) {
        this.worker.unref();
        this.idleTimer = setTimeout(() => this.end('idle'), IDLE_MS);
        this.idleTimer.unref();
      }
    }
  }

  private end(why: string): void {
    if (this.ended) return;
    this.ended = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const w of this.waiting.values()) w.reject(new ThreadUnavailable(why));
    this.waiting.clear();
    void this.worker.terminate();
    this.onEnd(this.ready, why);
  }
}

let thread: XmllintThread | null = null;
/** The thread failed to start once: xmllint-wasm is not laid out as xsd-worker.mjs expects. */
let threadUnusable = false;

function unusable(why: string): void {
  if (threadUnusable) return;
  threadUnusable = true;
  process.emitWarning(`NFS-e: the XSD validation thread did not start (${why}); each document now starts xmllint-wasm anew (slower).`, 'ForjaWarning');
}

/** The running thread, or a new one; null when it cannot be had. */
function currentThread(): XmllintThread | null {
  if (thread) return thread;
  try {
    const created = new XmllintThread((startedOk, why) => {
      if (thread === created) thread = null;
      if (!startedOk) unusable(why);
    });
    thread = created;
    return created;
  } catch (error) {
    unusable(String(error));
    return null;
  }
}

/** xmllint's stderr → the messages, as xmllint-wasm's validateXML words them. */
function errorsOf(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== '^' && !line.endsWith(' validates') && !line.endsWith(' fails to validate'))
    .map((line) => {
      const [fileName, lineNumber, ...rest] = line.split(':');
      return fileName && lineNumber && rest.length ? rest.join(':').trim() : line;
    });
}

export async function validateXml(xml: string, root: XsdRoot): Promise<XsdResult> {
  const files = await loadSchemas();
  const rootName = ROOT_SCHEMA[root];
  const runner = threadUnusable ? null : currentThread();
  if (runner) {
    try {
      const inputFiles = [{ fileName: 'document.xml', contents: xml }, ...[...files].map(([fileName, contents]) => ({ fileName, contents }))];
      const run = await runner.run(inputFiles, ['--schema', rootName, '--noout', 'document.xml']);
      if (run.exitCode === 0) return { valid: true, errors: [] };
      if (run.exitCode === 3 || run.exitCode === 4) {
        return { valid: false, errors: errorsOf(run.stderr) };
      }
      throw Object.assign(new Error(run.stderr.trim() || `xmllint exited ${run.exitCode}`), { code: run.exitCode });
    } catch (error) {
      if (!(error instanceof ThreadUnavailable)) throw error;
    }
  }
  const preload: XMLFileInfo[] = [...files].filter(([name]) => name !== rootName).map(([fileName, contents]) => ({ fileName, contents }));
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: { fileName: rootName, contents: files.get(rootName)! },
    preload,
  });
  const errors = result.errors.map((e) => e.message.trim());
  return { valid: result.valid && errors.length === 0, errors };
}
