/**
 * `npm run lan`: the server for a shop whose server is the office PC. HTTPS on every network
 * address with the shop's own certificate authority (tls/lan-ca.ts, kept under the data dir so
 * phones trust it once), plain http on a second port that redirects to https and hands out the
 * certificate and its install page, and per LAN address the https URL with a QR code.
 * Defaults: HOST 0.0.0.0, PORT 8443, FORJA_HTTP_REDIRECT_PORT 8080 (each can be set as usual).
 */
import { ensureBuild } from './build';
import { ConfigError, loadConfig, type Config } from './config';
import { exitOnStartError, main } from './main';
import { lanAddresses, lanNames } from './tls/lan-addresses';
import { ensureLanCertificates, type LanCertificates } from './tls/lan-ca';
import { terminalQr } from './tls/terminal-qr';
import { usePrivateUmask } from './private-files';

const LAN_DEFAULTS = { HOST: '0.0.0.0', PORT: '8443', FORJA_HTTP_REDIRECT_PORT: '8080' };

export function lanConfig(env: Record<string, string | undefined> = process.env): { config: Config; certificates: LanCertificates } {
  if (env.FORJA_TLS_CERT || env.FORJA_TLS_KEY) {
    throw new ConfigError('FORJA_TLS_CERT/FORJA_TLS_KEY: "npm run lan" usa o certificado da própria oficina; para um certificado seu use "npm start"');
  }
  // Every variable checked before the data dir is touched (the certificate paths are filled in below).
  const base = loadConfig({ ...LAN_DEFAULTS, ...env, FORJA_TLS_CERT: 'lan', FORJA_TLS_KEY: 'lan' });
  const certificates = ensureLanCertificates(base.dataDir, lanNames());
  const config = loadConfig({ ...LAN_DEFAULTS, ...env, FORJA_TLS_CERT: certificates.certFile, FORJA_TLS_KEY: certificates.keyFile });
  return { config: { ...config, lanCaCertFile: certificates.caCertFile }, certificates };
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
  const { config, certificates } = lanConfig();
  ensureBuild(config);
  const server = await main(config);
  const addr = server.app.server.address();
  console.log(lanSummary(config, typeof addr === 'object' && addr ? addr.port : config.port, certificates));
}

run().catch(exitOnStartError);
