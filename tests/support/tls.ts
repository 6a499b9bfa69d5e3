/**
 * HTTPS for tests: throw-away certificates (LAN mode's own CA code, tls/lan-ca.ts) and Debian's
 * `caddy` as a reverse proxy with its internal CA, plus what Chromium needs to treat such an
 * origin as really secure (service workers refuse any certificate error, even an ignored one):
 * `--ignore-certificate-errors-spki-list` with the served certificate's key hash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { ensureLanCertificates } from '../../sync-server/src/tls/lan-ca';

export interface TestCertificates {
  dir: string;
  caPem: string;
  certFile: string;
  keyFile: string;
  /** base64 SHA-256 of the server certificate's public key (Chromium's SPKI allow-list). */
  spki: string;
  dispose(): void;
}

export function spkiHashOf(certDer: Buffer | string): string {
  const key = new X509Certificate(certDer).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(key).digest('base64');
}

/** A CA and a server certificate for `names` (default: forja.test, localhost, 127.0.0.1). */
export function makeTestCertificates(dns: string[] = ['forja.test', 'localhost'], ips: string[] = ['127.0.0.1']): TestCertificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forja-tls-'));
  const certs = ensureLanCertificates(dir, { dns, ips });
  return {
    dir,
    caPem: readFileSync(certs.caCertFile, 'utf8'),
    certFile: certs.certFile,
    keyFile: certs.keyFile,
    spki: spkiHashOf(readFileSync(certs.certFile)),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The certificate a TLS server presents for `servername` (not verified: we only read it). */
export function servedCertificate(port: number, servername: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve(cert.raw);
    });
    socket.on('error', reject);
  });
}

export interface RunningCaddy {
  port: number;
  /** Caddy's internal root CA (PEM). */
  rootPem(): string;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * `caddy run` in front of `backendPort` as https://{name}:{port} with `tls internal`: no admin
 * endpoint, no trust-store install, no port 80, everything under a temp dir.
 */
async function startCaddyOnce({ name, port, backendPort }: { name: string; port: number; backendPort: number }): Promise<RunningCaddy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forja-caddy-'));
  const caddyfile = path.join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
\tadmin off
\tskip_install_trust
\tauto_https disable_redirects
\thttp_port 0
\thttps_port ${port}
\tstorage file_system ${path.join(dir, 'storage')}
}

${name}:${port}, localhost:${port} {
\ttls internal
\treverse_proxy 127.0.0.1:${backendPort}
}
`,
  );
  let out = '';
  const child: ChildProcess = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}):\n${out}`);
    try {
      await servedCertificate(port, name);
      break;
    } catch {
      if (Date.now() > deadline) {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`caddy did not serve https on ${port}:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    port,
    rootPem: () => readFileSync(path.join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt'), 'utf8'),
    logs: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `caddy run` as above. Debian's caddy 2.6.2 cleans its storage while it issues the first
 * certificates: now and then the cleaner deletes a certificate being written ("Deleting
 * certificates/local/forja.test because key is empty"), the issue fails and is retried only after
 * 60 s. That is caddy's start-up, not the app: a fresh caddy (new storage) is started again, at most
 * three times in all.
 */
export async function startCaddy(opts: { name: string; port: number; backendPort: number }): Promise<RunningCaddy> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await startCaddyOnce(opts);
    } catch (e) {
      failures.push((e as Error).message);
      if (!/did not serve https/.test((e as Error).message)) break;
    }
  }
  throw new Error(failures.join('\n\n--- next attempt ---\n'));
}
