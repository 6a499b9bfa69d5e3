/**
 * `npm run user:add -- <email>`: adds a staff account with a printed temporary password;
 * the user must change it at first sign-in. Uses the same database settings as the server.
 */
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError, createDatabase } from '../db';
import { runMigrations } from '../migrations/runner';
import { generateTemporaryPassword } from '../auth/passwords';
import { DuplicateEmailError, createUser, normalizeEmail } from '../auth/users';

async function run() {
  const email = normalizeEmail(process.argv.slice(2).find((a) => !a.startsWith('-')) ?? '');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error('Uso: npm run user:add -- <email>');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await createDatabase(config);
  try {
    await runMigrations(db);
    const password = generateTemporaryPassword();
    await createUser(db, { email, password, firstAccess: true });
    console.log(`Usuário criado: ${email}`);
    console.log(`Senha temporária: ${password}`);
    console.log('No primeiro acesso será pedida uma nova senha.');
  } catch (err) {
    if (err instanceof DuplicateEmailError) {
      console.error(err.message);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await db.close();
  }
}

run().catch((err) => {
  console.error(
    err instanceof ConfigError ? `Configuração inválida: ${err.message}` : err instanceof DataDirInUseError ? err.message : err,
  );
  process.exit(1);
});
