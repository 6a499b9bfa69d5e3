/** What the bench needs from a client: the app's data layer behind this small surface. */
import type { RxCollection } from 'rxdb';
import type { CustomerDoc } from '@shared';

export interface AppClient {
  /** Which replication code this is (printed in the report). */
  readonly kind: string;
  customers(): RxCollection<CustomerDoc>;
  /** One write the way the app writes (its command helpers when it has them); resolves with the id stored. */
  insert(doc: CustomerDoc): Promise<string>;
  /** Many writes at once, like an import. */
  bulkInsert(docs: CustomerDoc[]): Promise<void>;
  /** Resolves when every collection finished its first pull. */
  awaitInitialSync(): Promise<void>;
  /** Resolves when nothing is left to push or pull. */
  awaitInSync(): Promise<void>;
  counts(): Promise<Record<string, number>>;
  /** Diagnostics: the sync status and which collections' replications are busy right now. */
  syncState(): unknown;
  close(): Promise<void>;
}

export interface OpenOptions {
  name: string;
  /** The signed-in user (the app opens its database for them; writes carry their id). */
  userId: string | null;
  getToken: () => string;
}
