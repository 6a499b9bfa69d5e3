/**
 * The thread behind xsd.ts: libxml2's xmllint as xmllint-wasm builds it (its Emscripten factory,
 * xmllint-node.js), with the WebAssembly compiled once for the life of the thread. Each document
 * is one run of xmllint in a fresh instance of that module (its own memory and files), like one
 * call of xmllint-wasm's validateXML — without that call's new thread and new compile.
 *
 * Plain JavaScript: a worker thread starts without the TypeScript loader.
 *
 * In:  { id, inputFiles: [{ fileName, contents }], args: string[] }
 * Out: { ready: true } | { failed: string } once; then { id, exitCode, stderr } per document.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

// Loading xmllint-node.js also hooks xmllint-wasm's own worker onto this thread's port; that hook
// answers only messages tagged 'xmllint-wasm', which ours never are.
const load = createRequire(import.meta.url);

async function start() {
  const dir = path.dirname(load.resolve('xmllint-wasm/xmllint-node.js'));
  const factory = load(path.join(dir, 'xmllint-node.js'));
  if (typeof factory !== 'function') throw new Error('xmllint-wasm: xmllint-node.js exports no module factory');
  const compiled = await WebAssembly.compile(await readFile(path.join(dir, 'xmllint.wasm')));
  return { factory, compiled };
}

/**
 * The module must behave as this file expects (its files in `inputFiles`, xmllint's exit codes):
 * a tiny schema accepts one document and refuses another, or the thread reports it failed and
 * xsd.ts goes back to xmllint-wasm's own call — a newer xmllint-wasm laid out otherwise costs
 * speed, never a wrong answer.
 */
async function selfCheck(engine) {
  const schema = {
    fileName: 'check.xsd',
    contents: '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="a" type="xs:integer"/></xs:schema>',
  };
  const args = ['--schema', 'check.xsd', '--noout', 'check.xml'];
  const good = await run(engine, [{ fileName: 'check.xml', contents: '<a>1</a>' }, schema], args);
  const bad = await run(engine, [{ fileName: 'check.xml', contents: '<a>x</a>' }, schema], args);
  if (good.exitCode !== 0 || (bad.exitCode !== 3 && bad.exitCode !== 4) || !bad.stderr.includes('check.xml')) {
    throw new Error(`xmllint-wasm self-check: ${good.exitCode}/${bad.exitCode} ${good.stderr}${bad.stderr}`.slice(0, 500));
  }
  return engine;
}

const ready = start().then(selfCheck);
ready.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ failed: String(error?.stack ?? error) }),
);

/** One run of xmllint: its exit code (0 valid, 3/4 invalid, -1 broken) and what it printed on stderr. */
async function run({ factory, compiled }, inputFiles, args) {
  let stderr = '';
  let exitCode = null;
  let failed = null;
  // A failed instantiation never settles the factory's promise: it ends the run through this one.
  let broke;
  const broken = new Promise((_, reject) => (broke = reject));
  try {
    const finished = factory({
      inputFiles,
      arguments: args,
      print() {},
      printErr(text) {
        stderr += `${text}\n`;
      },
      onExit(code) {
        exitCode = code;
      },
      onAbort(reason) {
        failed = `WASM Abort: ${reason}`;
        broke(new Error(failed));
      },
      // xmllint-wasm's defaults: 16 MiB, at most 32 MiB.
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: 512 }),
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(compiled, imports).then(
          (instance) => done(instance, compiled),
          (error) => broke(error),
        );
        return {};
      },
    });
    await Promise.race([finished, broken]);
  } catch (error) {
    failed ??= String(error?.stack ?? error);
  }
  if (failed !== null || exitCode === null) return { exitCode: -1, stderr: failed ?? `xmllint did not finish\n${stderr}` };
  return { exitCode, stderr };
}

parentPort.on('message', async (message) => {
  if (!message || typeof message.id !== 'number') return;
  let answer;
  try {
    answer = await run(await ready, message.inputFiles, message.args);
  } catch (error) {
    answer = { exitCode: -1, stderr: String(error?.stack ?? error) };
  }
  parentPort.postMessage({ id: message.id, ...answer });
});
