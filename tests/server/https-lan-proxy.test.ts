/**
 * Issue 16 on the server: HTTPS from FORJA_TLS_CERT/FORJA_TLS_KEY (HTTP/2 and HTTP/1.1), LAN mode's
 * certificate authority (kept across restarts; the served certificate verifies against
 * /forja-ca.crt), the plain-http redirect port, FORJA_TRUST_PROXY, and bad input that must stop
 * the start with one line naming the variable and nothing in the data dir touched.
 */
import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../../sync-server/src/config';
import { startServer, type RunningServer } from '../../sync-server/src/main';
import { lanConfig } from '../../sync-server/src/lan';
import { ensureLanCertificates } from '../../sync-server/src/tls/lan-ca';
import { lanAddresses, lanNames } from '../../sync-server/src/tls/lan-addresses';
import { redirectTarget } from '../../sync-server/src/tls/redirect';
import { startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../support/server';

const ROOT = path.resolve(__dirname, '../..');

function httpsGet(url: string, opts: { ca?: string; headers?: Record<string, string>; servername?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; protocol: string }>((resolve, reject) => {
    const req = https.get(url, { ca: opts.ca, headers: opts.headers, servername: opts.servername }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), protocol: `HTTP/${res.httpVersion}` }));
    });
    req.on('error', reject);
  });
}

function http2Get(origin: string, pathName: string, ca: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const client = http2.connect(origin, { ca });
    client.on('error', reject);
    const req = client.request({ ':path': pathName });
    let status = 0;
    let body = '';
    req.on('response', (h) => (status = Number(h[':status'])));
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      client.close();
      resolve({ status, body });
    });
    req.on('error', reject);
    req.end();
  });
}

const derToPem = (der: Buffer) => new X509Certificate(der).toString();

describe('FORJA_TRUST_PROXY and the TLS variables', () => {
  test('parses the forms Fastify takes, refuses the rest', () => {
    expect(parseTrustProxy(null)).toBe(false);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,::1, fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8']);
    for (const bad of ['yes', 'true', '0', '11', '10.0.0.0/33', '300.1.1.1', 'loopback,', 'proxy.local']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
      expect(() => parseTrustProxy(bad), bad).toThrow(/FORJA_TRUST_PROXY/);
    }
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  test('the certificate and key come together; the redirect port needs them', () => {
    expect(() => loadConfig({ FORJA_TLS_CERT: '/x.pem' })).toThrow(/FORJA_TLS_KEY/);
    expect(() => loadConfig({ FORJA_TLS_KEY: '/x.pem' })).toThrow(/FORJA_TLS_CERT/);
    expect(() => loadConfig({ FORJA_HTTP_REDIRECT_PORT: '8080' })).toThrow(/FORJA_HTTP_REDIRECT_PORT/);
    expect(loadConfig({ FORJA_TLS_CERT: 'c.pem', FORJA_TLS_KEY: 'k.pem' }, '/srv').tls).toEqual({ certFile: '/srv/c.pem', keyFile: '/srv/k.pem' });
  });

  test('redirects keep the name and path the browser used, never an injected host', () => {
    expect(redirectTarget('192.168.0.10:8080', '/adm/stock?x=1', 8443)).toBe('https://192.168.0.10:8443/adm/stock?x=1');
    expect(redirectTarget('forja.example.com', '/', 443)).toBe('https://forja.example.com/');
    expect(redirectTarget('evil.com/@x', '/', 8443)).toBe('https://localhost:8443/');
    expect(redirectTarget(undefined, 'http://other/', 8443)).toBe('https://localhost:8443/');
  });
});

describe('bad input stops the start with one line naming the variable, the data dir untouched', () => {
  let dir: string;
  let certFile: string;
  let keyFile: string;
  let otherKeyFile: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'forja-badtls-'));
    const a = ensureLanCertificates(path.join(dir, 'a'), { dns: ['localhost'], ips: ['127.0.0.1'] });
    const b = ensureLanCertificates(path.join(dir, 'b'), { dns: ['localhost'], ips: ['127.0.0.1'] });
    certFile = a.certFile;
    keyFile = a.keyFile;
    otherKeyFile = b.keyFile;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; dataDir: string }> {
    const dataDir = path.join(dir, `data-${Math.random().toString(36).slice(2)}`);
    const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', FORJA_DATA_DIR: dataDir, ...env };
    delete childEnv.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr, dataDir })));
  }

  const cases: [string, () => Record<string, string>, RegExp][] = [
    ['a missing certificate file', () => ({ FORJA_TLS_CERT: path.join(dir, 'nope.pem'), FORJA_TLS_KEY: keyFile }), /^Configuração inválida: FORJA_TLS_CERT: .*arquivo não encontrado/],
    ['an unreadable key file', () => {
      const f = path.join(dir, 'folder-as-key');
      rmSync(f, { recursive: true, force: true });
      writeFileSync(f, '');
      chmodSync(f, 0o000);
      // root reads anything: a folder is unreadable as a file for everyone.
      return { FORJA_TLS_CERT: certFile, FORJA_TLS_KEY: process.getuid?.() === 0 ? dir : f };
    }, /^Configuração inválida: FORJA_TLS_KEY: não foi possível ler a chave privada/],
    ['a certificate that is not PEM', () => ({ FORJA_TLS_CERT: keyFile, FORJA_TLS_KEY: keyFile }), /^Configuração inválida: FORJA_TLS_CERT: .*não é um certificado PEM válido/],
    ['a key that does not match the certificate', () => ({ FORJA_TLS_CERT: certFile, FORJA_TLS_KEY: otherKeyFile }), /^Configuração inválida: FORJA_TLS_KEY: a chave .* não corresponde ao certificado/],
    ['an unparsable FORJA_TRUST_PROXY', () => ({ FORJA_TRUST_PROXY: 'sim' }), /^Configuração inválida: FORJA_TRUST_PROXY: "sim"/],
  ];

  test.each(cases)('%s', async (_name, env, message) => {
    const r = await start(env());
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(existsSync(r.dataDir)).toBe(false);
  }, 30_000);
});

describe('HTTPS from FORJA_TLS_CERT / FORJA_TLS_KEY', () => {
  let dir: string;
  let server: RunningServer;
  let ca: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'forja-https-'));
    const certs = ensureLanCertificates(path.join(dir, 'certs'), { dns: ['forja.example.com', 'localhost'], ips: ['127.0.0.1'] });
    ca = readFileSync(certs.caCertFile, 'utf8');
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', FORJA_DATA_DIR: path.join(dir, 'data'), FORJA_TLS_CERT: certs.certFile, FORJA_TLS_KEY: certs.keyFile, FORJA_WEB_DIR: path.join(dir, 'no-web') });
    server = await startServer(config);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('answers over HTTP/2 and HTTP/1.1, HSTS for a domain name only, Secure cookies', async () => {
    const port = new URL(server.url).port;
    expect(server.url).toBe(`https://127.0.0.1:${port}`);
    const h2 = await http2Get(`https://localhost:${port}`, '/api/health', ca);
    expect(h2.status).toBe(200);
    const h1 = await httpsGet(`https://localhost:${port}/api/health`, { ca });
    expect(h1.protocol).toBe('HTTP/1.1');
    expect(h1.status).toBe(200);
    expect(h1.headers['strict-transport-security']).toBeUndefined();
    const named = await httpsGet(`https://localhost:${port}/api/health`, { ca, headers: { host: `forja.example.com:${port}` } });
    expect(named.headers['strict-transport-security']).toBe('max-age=15552000');

    // The refresh cookie of a sign-in over https is Secure.
    const res = await new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
      const req = https.request(`https://localhost:${port}/api/auth/login`, { method: 'POST', ca, headers: { 'content-type': 'application/json' } }, (r) => {
        r.resume();
        r.on('end', () => resolve({ status: r.statusCode ?? 0, cookies: (r.headers['set-cookie'] as string[]) ?? [] }));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ email: server.admin.email, password: 'x', device_id: 'd' }));
    });
    expect(res.status).toBe(401);
    expect(res.cookies).toEqual([]);
  });
});

describe('LAN mode (npm run lan)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'forja-lan-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const env = () => ({ FORJA_DATA_DIR: path.join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', FORJA_HTTP_REDIRECT_PORT: '0', FORJA_WEB_DIR: path.join(dir, 'no-web') });

  test('names: the LAN addresses, the hostname, localhost and 127.0.0.1', () => {
    const names = lanNames('oficina-pc', ['192.168.0.10']);
    expect(names).toEqual({ dns: ['oficina-pc', 'oficina-pc.local', 'localhost'], ips: ['192.168.0.10', '127.0.0.1'] });
    expect(lanAddresses({ eth0: [{ address: '192.168.0.10', family: 'IPv4', internal: false } as os.NetworkInterfaceInfo], lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true } as os.NetworkInterfaceInfo] })).toEqual(['192.168.0.10']);
  });

  test('the served certificate verifies against /forja-ca.crt; a restart keeps the CA; new addresses renew only the server certificate', async () => {
    const first = lanConfig(env());
    expect(first.certificates.caCreated).toBe(true);
    let server = await startServer(first.config);
    try {
      const port = new URL(server.url).port;
      // The CA is handed out on the https port and on the plain-http redirect port alike.
      const caRes = await httpsGet(`https://127.0.0.1:${port}/forja-ca.crt`, { ca: readFileSync(first.certificates.caCertFile, 'utf8') });
      expect(caRes.status).toBe(200);
      expect(caRes.headers['content-type']).toBe('application/x-x509-ca-cert');
      const ca = derToPem(caRes.body);
      // Verified by Node's TLS against that CA only, by name and by address.
      expect((await httpsGet(`https://localhost:${port}/api/health`, { ca })).status).toBe(200);
      expect((await httpsGet(`https://127.0.0.1:${port}/api/health`, { ca })).status).toBe(200);
      const page = await httpsGet(`https://localhost:${port}/instalar-certificado`, { ca });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const html = page.body.toString();
      expect(html).toContain('Android');
      expect(html).toContain('Ajustes de Confiança de Certificados');
      expect(html).toContain(first.certificates.caFingerprint);
    } finally {
      await server.stop();
    }

    const again = lanConfig(env());
    expect(again.certificates.caCreated).toBe(false);
    expect(again.certificates.serverIssued).toBe(false);
    expect(again.certificates.caFingerprint).toBe(first.certificates.caFingerprint);
    server = await startServer(again.config);
    try {
      const ca = readFileSync(first.certificates.caCertFile, 'utf8');
      expect((await httpsGet(`${server.url.replace('127.0.0.1', 'localhost')}/api/health`, { ca })).status).toBe(200);
    } finally {
      await server.stop();
    }

    const moved = ensureLanCertificates(path.join(dir, 'data'), { dns: ['localhost'], ips: ['10.1.2.3', '127.0.0.1'] });
    expect(moved.caCreated).toBe(false);
    expect(moved.serverIssued).toBe(true);
    expect(moved.caFingerprint).toBe(first.certificates.caFingerprint);
    expect(new X509Certificate(readFileSync(moved.certFile)).subjectAltName).toContain('IP Address:10.1.2.3');
  }, 60_000);

  test('the redirect port sends browsers to https and serves the certificate and its page', async () => {
    const { config } = lanConfig(env());
    const redirectPort = 20000 + Math.floor(Math.random() * 20000);
    const server = await startServer({ ...config, httpRedirectPort: redirectPort });
    try {
      const port = new URL(server.url).port;
      const r = await fetch(`http://127.0.0.1:${redirectPort}/adm/stock`, { redirect: 'manual' });
      expect(r.status).toBe(308);
      expect(r.headers.get('location')).toBe(`https://127.0.0.1:${port}/adm/stock`);
      const crt = await fetch(`http://127.0.0.1:${redirectPort}/forja-ca.crt`);
      expect(crt.status).toBe(200);
      expect(new X509Certificate(Buffer.from(await crt.arrayBuffer())).fingerprint256).toBe(
        new X509Certificate(readFileSync(path.join(dir, 'data', 'tls', 'ca.crt'))).fingerprint256,
      );
      expect((await fetch(`http://127.0.0.1:${redirectPort}/instalar-certificado`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('FORJA_TRUST_PROXY: who the client is', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    direct = await startTestServer({ env: { FORJA_PUBLIC_RATE_LIMIT: '3' } });
    proxied = await startTestServer({ env: { FORJA_PUBLIC_RATE_LIMIT: '3', FORJA_TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await direct?.stop();
    await proxied?.stop();
  });

  const companyFrom = (server: TestServer, ip: string) => fetch(`${server.url}/api/public/company`, { headers: { 'x-forwarded-for': ip } });

  test('by default a forged X-Forwarded-For is ignored: one client, one budget', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await companyFrom(direct, `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  test('with FORJA_TRUST_PROXY=loopback each forwarded client has its own limits', async () => {
    for (let i = 0; i < 3; i++) expect((await companyFrom(proxied, '198.51.100.7')).status).toBe(200);
    expect((await companyFrom(proxied, '198.51.100.7')).status).toBe(429);
    expect((await companyFrom(proxied, '198.51.100.8')).status).toBe(200);
  });

  test('the sign-in records and the Secure cookie follow the forwarded client only from a trusted proxy', async () => {
    const signInFrom = (server: TestServer, password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password, device_id: 'proxy-test' }),
      });
    // A failed attempt is recorded with the client's address.
    expect((await signInFrom(proxied, 'Errada#123')).status).toBe(401);
    expect((await signInFrom(direct, 'Errada#123')).status).toBe(401);
    const ipOf = async (server: TestServer) => (await server.db.query<{ ip: string | null }>('SELECT ip FROM login_failures ORDER BY failed_at DESC LIMIT 1')).rows[0]?.ip;
    expect(await ipOf(proxied)).toBe('198.51.100.9');
    expect(await ipOf(direct)).toBe('127.0.0.1');
    // The refresh cookie is Secure when the trusted proxy says the browser spoke https — and only then.
    const viaProxy = await signInFrom(proxied, TEST_ADMIN_PASSWORD);
    const forged = await signInFrom(direct, TEST_ADMIN_PASSWORD);
    expect(viaProxy.status).toBe(200);
    expect(forged.status).toBe(200);
    expect(viaProxy.headers.getSetCookie().join('\n')).toMatch(/forja_refresh=.*; Secure/);
    expect(forged.headers.getSetCookie().join('\n')).toMatch(/forja_refresh=/);
    expect(forged.headers.getSetCookie().join('\n')).not.toMatch(/Secure/);
});
});
