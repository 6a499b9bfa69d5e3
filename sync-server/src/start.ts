/**
 * `npm start`: builds the web app (and the server's renderer of the quotation page) when there is
 * no build or the sources changed since it was made (build.ts), then starts the server and prints
 * one summary (URL, database, admin account — its password only when just generated).
 */
import { ensureBuild } from './build';
import { exitOnStartError, loadConfigOrExit, main } from './main';
import { usePrivateUmask } from './private-files';

async function run() {
  usePrivateUmask();
  const config = loadConfigOrExit();
  ensureBuild(config);
  await main(config);
}

run().catch(exitOnStartError);
