/**
 * The certificate and key of FORJA_TLS_CERT / FORJA_TLS_KEY, read and checked before anything
 * else starts (no database opened, nothing in the data dir touched): a missing file, a file that
 * is not PEM, or a key that does not belong to the certificate stops the server with one line
 * naming the variable, instead of a TLS error on the first phone that connects.
 */
import { readFileSync } from 'node:fs';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { ConfigError, type TlsFiles } from '../config';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
}

function readPem(file: string, variable: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'arquivo não encontrado' : code === 'EACCES' ? 'sem permissão de leitura' : code === 'EISDIR' ? 'é uma pasta' : (code ?? 'erro de leitura');
    throw new ConfigError(`${variable}: não foi possível ler ${what} em ${file} (${why})`);
  }
}

export function readTlsFiles(files: TlsFiles): TlsMaterial {
  const cert = readPem(files.certFile, 'FORJA_TLS_CERT', 'o certificado');
  const key = readPem(files.keyFile, 'FORJA_TLS_KEY', 'a chave privada');
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw new ConfigError(`FORJA_TLS_CERT: ${files.certFile} não é um certificado PEM válido`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new ConfigError(`FORJA_TLS_KEY: ${files.keyFile} não é uma chave privada PEM válida (ou está protegida por senha)`);
  }
  if (!x509.checkPrivateKey(privateKey)) {
    throw new ConfigError(`FORJA_TLS_KEY: a chave em ${files.keyFile} não corresponde ao certificado de FORJA_TLS_CERT (${files.certFile})`);
  }
  // A certificate file may carry its chain after the leaf; the leaf is what the key must match.
  return { cert, key };
}
