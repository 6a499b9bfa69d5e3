import { useEffect, type ReactNode } from 'react';
import { useAuth } from '../auth';
import { closeUserDatabase, database$, openUserDatabase } from './session';

/**
 * Opens the signed-in user's database once and starts replication; renders children at
 * once (hooks report `loading` until the database is open). Mount it inside the admin
 * route, under the auth guard.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const offline = auth.status === 'signed-in' ? auth.offline : true;

  useEffect(() => {
    if (userId) {
      openUserDatabase(userId).catch((e) => console.error('Falha ao abrir o banco local', e));
    } else if (auth.status === 'signed-out') {
      // Involuntary sign-out: stop replicating, keep the (possibly unsynced) data.
      void closeUserDatabase();
    }
  }, [userId, auth.status]);

  useEffect(() => {
    // Back online with a fresh token: pull and push now instead of waiting for a retry.
    if (userId && !offline) database$.value?.sync.reconnect();
  }, [userId, offline]);

  return <>{children}</>;
}
