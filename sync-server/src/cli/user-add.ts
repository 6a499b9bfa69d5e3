/**
 * `npm run user:add -- <email> [--dono] [--nome "Nome"]`: adds an account with a printed
 * temporary password (the user must change it at first sign-in). The first account is an owner;
 * `--dono` makes any account an owner. For an e-mail that exists it is the rescue: a new
 * temporary password, the account reactivated, every session ended.
 * Uses the same database settings as the server; with the embedded database while the server
 * runs (./data is then the server's alone) it asks the running server (local-admin.ts).
 */
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError, createDatabase } from '../db';
import { runMigrations } from '../migrations/runner';
import { normalizeEmail } from '../auth/users';
import { addOrRescueUser, type UserAddInput, type UserAddResult } from '../team/accounts-cli';
import { requestUserAdd } from '../local-admin';
import { usePrivateUmask } from '../private-files';

const USAGE = 'Uso: npm run user:add -- <email> [--dono] [--nome "Nome da pessoa"]';

function parseArgs(argv: string[]): UserAddInput | null {
  let email = '';
  let name: string | undefined;
  let owner = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dono' || a === '--owner') owner = true;
    else if (a === '--nome' || a === '--name') name = argv[++i];
    else if (a.startsWith('--nome=') || a.startsWith('--name=')) name = a.slice(a.indexOf('=') + 1);
    else if (!a.startsWith('-') && !email) email = normalizeEmail(a);
    else return null;
  }
  return /^[^\s@]+@[^\s@]+$/.test(email) ? { email, owner, name } : null;
}

function report(r: UserAddResult) {
  const role = r.role === 'owner' ? 'dono' : 'funcionário';
  console.log(r.created ? `Usuário criado: ${r.email} (${role})` : `Acesso recuperado: ${r.email} (${role}); as sessões abertas foram encerradas.`);
  console.log(`Senha temporária: ${r.temporaryPassword}`);
  console.log('No primeiro acesso será pedida uma nova senha.');
}

async function run() {
  // Without a running server it opens (and may create) the embedded database itself.
  usePrivateUmask();
  const input = parseArgs(process.argv.slice(2));
  if (!input) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  let db;
  try {
    db = await createDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    // The server holds ./data: it does the work.
    try {
      report(await requestUserAdd(config.dataDir, input));
      return;
    } catch (inner) {
      const code = (inner as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ECONNREFUSED') throw err;
      throw inner;
    }
  }
  try {
    await runMigrations(db);
    report(await addOrRescueUser(db, input));
  } finally {
    await db.close();
  }
}

run().catch((err) => {
  console.error(
    err instanceof ConfigError ? `Configuração inválida: ${err.message}` : err instanceof DataDirInUseError ? err.message : err instanceof Error ? err.message : err,
  );
  process.exit(1);
});
