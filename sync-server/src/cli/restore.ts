/**
 * `npm run restore -- FILE`: recreates the database from a file written by `npm run backup` (or by
 * the nightly backup): the embedded database under FORJA_DATA_DIR, or — for a backup of a
 * PostgreSQL — the empty database DATABASE_URL names (pg_restore). Refuses to overwrite an
 * existing database: move it aside (or point FORJA_DATA_DIR at an empty directory) first, so a
 * restore can never destroy data by accident. The restored copy is checked against what was
 * copied (every table's rows, the photos' bytes) before it is declared good.
 *
 * `npm run restore -- FILE --verificar`: the same check into a temporary place, touching nothing live.
 * An encrypted file needs its passphrase: FORJA_BACKUP_PASSPHRASE, or typed when asked.
 */
import { existsSync, readdirSync, readFileSync, rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError, createDatabase, pgliteDir } from '../db';
import { restorePgliteDir } from '../db/pglite';
import { repairDataDirModes, repairedModesMessage, tightenTree, usePrivateUmask } from '../private-files';
import { unpackDir } from '../backup/archive';
import { BackupFileError, decodeBackup, isBackupFile, isEncrypted } from '../backup/file-format';
import { compareInspections, inspectDatabase } from '../backup/inspect';
import { checkTool, runTool, serverMajor } from '../backup/pg-tools';
import { verifyBackup } from '../backup/verify';
import { hasForjaSchema } from './database';

/** Asks for the passphrase without echoing it. */
function askPassphrase(): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    rl.question('Senha do backup: ', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    out._writeToOutput = (s: string) => {
      if (s.startsWith('Senha do backup')) out.output.write(s);
    };
  });
}

async function passphraseFor(bytes: Uint8Array): Promise<string | null> {
  if (!isBackupFile(bytes) || !isEncrypted(bytes)) return null;
  if (process.env.FORJA_BACKUP_PASSPHRASE) return process.env.FORJA_BACKUP_PASSPHRASE;
  if (!process.stdin.isTTY) throw new BackupFileError('Este backup é criptografado: informe a senha em FORJA_BACKUP_PASSPHRASE.', 'passphrase_needed');
  return askPassphrase();
}

async function run() {
  usePrivateUmask();
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('-'));
  const checkOnly = args.includes('--verificar');
  if (!file) {
    console.error('Uso: npm run restore -- <arquivo de backup> [--verificar]');
    process.exit(2);
  }
  const config = loadConfig();
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.resolve(file));
  } catch {
    console.error(`Não foi possível ler ${file}.`);
    process.exit(1);
  }
  const passphrase = await passphraseFor(bytes);

  if (checkOnly) {
    if (!isBackupFile(bytes)) {
      console.error('Este arquivo é de uma versão anterior do Forja (sem a lista do que foi copiado): não há como conferi-lo. Faça um backup novo.');
      process.exit(1);
    }
    const proof = await verifyBackup(bytes, passphrase, config.databaseUrl);
    console.log(`Backup conferido: ${file}`);
    console.log(`Feito em ${new Date(proof.manifest.createdAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}; restaurado numa área temporária: ${proof.tables} tabelas e ${proof.rows} linhas iguais às copiadas, ${proof.manifest.photos.count} fotos presentes. Nada do servidor foi tocado.`);
    return;
  }

  // A file from before issue 41: PGlite's own tarball of the data directory.
  if (!isBackupFile(bytes)) return restoreLegacy(config.dataDir, config.databaseUrl, bytes);
  const { manifest, dump } = decodeBackup(bytes, passphrase);
  if (manifest.source === 'postgres') {
    if (!config.databaseUrl) {
      console.error('Este backup é de um PostgreSQL: crie um banco vazio e informe-o em DATABASE_URL (veja o README, "Backups").');
      process.exit(2);
    }
    const db = await createDatabase(config);
    try {
      if (await hasForjaSchema(db)) {
        console.error('O banco em DATABASE_URL já tem as tabelas do Forja. Use um banco vazio (createdb forja_restaurado) e tente de novo.');
        process.exit(1);
      }
      checkTool('pg_restore', await serverMajor(db));
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-restaura-'));
      try {
        writeFileSync(path.join(tmp, 'forja.dump'), dump, { mode: 0o600 });
        await runTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(tmp, 'forja.dump')]);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
      const problems = compareInspections(manifest, await inspectDatabase(db));
      if (problems.length > 0) throw new Error(`O banco restaurado não confere com o backup: ${problems.join('; ')}.`);
    } finally {
      await db.close();
    }
    console.log('Banco restaurado no PostgreSQL de DATABASE_URL e conferido. Inicie o servidor com npm start.');
    return;
  }
  if (config.databaseUrl) {
    console.error('Este backup é do banco embutido (PGlite): rode o restore sem DATABASE_URL, numa pasta de dados vazia.');
    process.exit(2);
  }
  const dir = pgliteDir(config.dataDir);
  refuseExisting(dir);
  unpackDir(dump, dir);
  const db = await createDatabase(config);
  try {
    const problems = compareInspections(manifest, await inspectDatabase(db));
    if (problems.length > 0) throw new Error(`O banco restaurado não confere com o backup: ${problems.join('; ')}.`);
  } catch (err) {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  await db.close();
  tightenTree(dir);
  finish(config.dataDir, dir);
}

function refuseExisting(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    console.error(`Já existe um banco em ${dir}. Mova-o para outro lugar (ou use outro FORJA_DATA_DIR) e tente de novo.`);
    process.exit(1);
  }
}

async function restoreLegacy(dataDir: string, databaseUrl: string | null, bytes: Uint8Array) {
  if (databaseUrl) {
    console.error('DATABASE_URL aponta para um PostgreSQL: este arquivo é do banco embutido; rode o restore sem DATABASE_URL.');
    process.exit(2);
  }
  const dir = pgliteDir(dataDir);
  refuseExisting(dir);
  await restorePgliteDir(dir, bytes);
  finish(dataDir, dir);
}

function finish(dataDir: string, dir: string) {
  // The restored database is private already; the data directory around it and what else the
  // server keeps there (tls/) may come from elsewhere.
  const repaired = repairDataDirModes(dataDir);
  if (repaired > 0) console.log(repairedModesMessage(dataDir, repaired));
  console.log(`Banco restaurado em ${dir}. Inicie o servidor com npm start.`);
}

run().catch((err) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof Error;
  console.error(known ? err.message : err);
  process.exit(1);
});
