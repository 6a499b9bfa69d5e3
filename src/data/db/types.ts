import type { RxCollection, RxDatabase } from 'rxdb';
import type { CollectionName, DocTypes } from '@shared';

/** A replicated document as plain data (what push/pull and the conflict handler see). */
export type AnyDoc = Record<string, unknown>;
/** A collection seen generically (the sync engine handles all eight the same way). */
export type AnyCollection = RxCollection<AnyDoc>;

export type ForjaCollections = { [K in CollectionName]: RxCollection<DocTypes[K]> };
export type ForjaRxDatabase = RxDatabase<ForjaCollections>;

/** A local version the server refused, kept so the user can see why and retry it. */
export type RefusedDocument = {
  collection: CollectionName;
  id: string;
  error: string;
  message: string;
  document: Record<string, unknown>;
  at: string;
};

export type SyncStatus = {
  online: boolean;
  /** Documents written on this device that the server has not acknowledged yet. */
  pending: number;
  lastSyncAt: string | null;
  syncing: boolean;
  refused: RefusedDocument[];
  /** Progress of the very first download into this device; null once done. */
  initialSync: { done: number; total: number | null } | null;
  error: string | null;
  /** This device's clock minus the server's (ms, positive = ahead), from the last answers; null until known. */
  clockSkewMs: number | null;
};

/** How the data layer reaches the server (injected so Node tests need no window globals). */
export type SyncTransport = {
  baseUrl: string;
  getToken: () => string | null | Promise<string | null>;
  /** Called once when the server answers 401; resolves true when a new token is available. */
  refreshToken?: () => Promise<boolean>;
  fetch?: typeof fetch;
};

/** One collection's first download into this device, as this tab has seen it (sync-engine.ts). */
export type FirstDownload = {
  /** Finished (the lists may then say "no data"). */
  done: boolean;
  /** Documents of the collection stored on this device so far. */
  stored: number;
  /** How many the server holds, when its first page said (a resumed download does not know). */
  total: number | null;
};
export type FirstDownloads = Partial<Record<CollectionName, FirstDownload>>;
