/**
 * `npm run lan`: the server for a shop whose server is the office PC. HTTPS on every network
 * address with the shop's own certificate authority (tls/lan-ca.ts, kept under the data dir so
 * phones trust it once), plain http on a second port that redirects to https and hands out the
 * certificate and its install page, and per LAN address the https URL with a QR code.
 * Defaults: HOST 0.0.0.0, PORT 8443, FORJA_HTTP_REDIRECT_PORT 8080 (each can be set as usual).
 */
import { readFileSync } from 'node:fs';
import type tls from 'node:tls';
import { pathToFileURL } from 'node:url';
import { ensureBuild } from './build';
import { ConfigError, loadConfig, type Config } from './config';
import { exitOnStartError, main, type RunningServer } from './main';
import { lanAddresses, lanNames } from './tls/lan-addresses';
import { ensureLanCertificates, type LanCertificates, type LanNames } from './tls/lan-ca';
import { terminalQr } from './tls/terminal-qr';
import { repairDataDirModes, repairedModesMessage, usePrivateUmask } from './private-files';

const LAN_DEFAULTS = { HOST: '0.0.0.0', PORT: '8443', FORJA_HTTP_REDIRECT_PORT: '8080' };

export interface LanSetup {
  config: Config;
  certificates: LanCertificates;
  /** The names the server certificate was made for (renewals keep them). */
  names: LanNames;
  /** Entries of the data directory (tls/ among them) that were open to other users and made private. */
  repairedModes: number;
}

export function lanConfig(env: Record<string, string | undefined> = process.env): LanSetup {
  if (env.FORJA_TLS_CERT || env.FORJA_TLS_KEY) {
    throw new ConfigError('FORJA_TLS_CERT/FORJA_TLS_KEY: "npm run lan" usa o certificado da própria oficina; para um certificado seu use "npm start"');
  }
  // Every variable checked before the data dir is touched (the certificate paths are filled in below).
  const base = loadConfig({ ...LAN_DEFAULTS, ...env, FORJA_TLS_CERT: 'lan', FORJA_TLS_KEY: 'lan' });
  // Before the certificates: a CA key left readable by an older version is repaired and said (run()).
  const repairedModes = repairDataDirModes(base.dataDir);
  const names = lanNames();
  const certificates = ensureLanCertificates(base.dataDir, names);
  const config = loadConfig({ ...LAN_DEFAULTS, ...env, FORJA_TLS_CERT: certificates.certFile, FORJA_TLS_KEY: certificates.keyFile });
  return { config: { ...config, lanCaCertFile: certificates.caCertFile }, certificates, names, repairedModes };
}

const RENEWAL_CHECK_MS = 24 * 3600 * 1000;

/**
 * The server certificate lives 397 days and is renewed at start near its end; a server left
 * running that long renews it here (checked daily) and serves the new one without a restart.
 * For the names it started with: a Wi-Fi that is down at check time must not drop the LAN address
 * from the certificate. Phones notice nothing: the same CA signs it. True when it was renewed.
 */
export function renewServerCertificateIfDue(server: RunningServer, names: LanNames, now: Date = new Date()): boolean {
  const certificates = ensureLanCertificates(server.config.dataDir, names, now);
  if (!certificates.serverIssued) return false;
  // HTTPS here is Node's Http2SecureServer (a tls.Server): new connections get the new certificate.
  (server.app.server as unknown as tls.Server).setSecureContext({ cert: readFileSync(certificates.certFile), key: readFileSync(certificates.keyFile) });
  return true;
}

function lanSummary(config: Config, port: number, certificates: LanCertificates): string {
  const lines: string[] = ['Modo rede local (HTTPS com o certificado da oficina)'];
  if (certificates.caCreated) lines.push('  Certificado da oficina criado agora: instale-o uma vez em cada celular.');
  else if (certificates.caConstrained) {
    lines.push(
      '  Certificado da oficina refeito com a mesma chave, agora limitado aos nomes e endereços da rede local.',
      '  Os celulares continuam funcionando; instalá-lo de novo em cada um aplica o limite também neles.',
    );
  } else if (certificates.serverIssued) lines.push('  Certificado do servidor renovado (a autoridade é a mesma: nada muda nos celulares).');
  if (certificates.namesOutsideCa.length > 0) {
    lines.push(
      `  Fora do certificado da oficina (ele é anterior a estes nomes): ${certificates.namesOutsideCa.join(', ')}.`,
      '  Use os endereços abaixo; para incluí-los, apague a pasta tls e instale o novo certificado em cada celular.',
    );
  }
  lines.push(`  Impressão digital (SHA-256): ${certificates.caFingerprint}`);
  lines.push(`  Válido até ${certificates.caValidTo.toLocaleDateString('pt-BR', { timeZone: 'UTC' })}: depois disso, cada celular precisa instalar um novo.`, '');
  const addresses = config.host === '0.0.0.0' || config.host === '::' ? lanAddresses() : [config.host];
  if (addresses.length === 0) lines.push('  Nenhum endereço de rede encontrado: conecte o computador ao Wi-Fi ou cabo da oficina.');
  for (const address of addresses) {
    const url = `https://${address}:${port}`;
    lines.push(`  No celular: ${url}`);
    if (config.httpRedirectPort !== null) {
      lines.push(`  Instalar o certificado: http://${address}:${config.httpRedirectPort}/instalar-certificado`);
    }
    lines.push(terminalQr(url), '');
  }
  return lines.join('\n');
}

async function run() {
  // Before the certificates are written under the data directory.
  usePrivateUmask();
  const { config, certificates, names, repairedModes } = lanConfig();
  if (repairedModes > 0) console.warn(repairedModesMessage(config.dataDir, repairedModes));
  ensureBuild(config);
  const server = await main(config);
  const addr = server.app.server.address();
  console.log(lanSummary(config, typeof addr === 'object' && addr ? addr.port : config.port, certificates));
  setInterval(() => {
    try {
      if (renewServerCertificateIfDue(server, names)) console.log('Certificado do servidor renovado (a autoridade é a mesma: nada muda nos celulares).');
    } catch (err) {
      console.error('Não foi possível renovar o certificado do servidor:', err);
    }
  }, RENEWAL_CHECK_MS).unref();
}

// Only as `npm run lan`: the tests import lanConfig, and an import must not start a LAN server
// on 0.0.0.0:8443 (with a build and a ./data of its own) inside the test process.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch(exitOnStartError);
}
