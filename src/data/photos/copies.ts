/**
 * A small copy of the photos this device took or has shown (issue 39 §3), so an OS opened on the
 * floor without signal still shows its photos: the queue drops a photo's bytes once the server
 * has it, and the browser's HTTP cache is no promise (evicted under storage pressure; issue 40
 * shortens the photos' cache time). One small IndexedDB database per user
 * (`forja_photo_copies_<userId>`, Dexie), deleted with the user's data on sign-out.
 *
 * Bounded: each copy is the tile's size (longest side PHOTO_COPY_SIDE, a few tens of KB) and at
 * most PHOTO_COPIES_MAX are kept — the least recently shown go first.
 */
import { Dexie, type Table } from 'dexie';

/** Longest side of a copy: a tile at 390 px on a 3× screen, and a fair enlarged view offline. */
export const PHOTO_COPY_SIDE = 512;
/** ~10 OS of 30 photos; at ~30 KB each, some 10 MB. */
export const PHOTO_COPIES_MAX = 300;

export interface PhotoCopyRecord {
  id: string;
  bytes: ArrayBuffer;
  mime: string;
  /** Epoch ms it was last shown (or saved): the oldest is evicted first. */
  used_at: number;
}

export interface PhotoCopiesOptions {
  name: string;
  max?: number;
  now?: () => number;
  /** Dexie dependencies for Node tests (fake-indexeddb). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

/** A shown copy's last use is written again only after this long (a read is not a write each time). */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

class CopiesDb extends Dexie {
  copies!: Table<PhotoCopyRecord, string>;
  constructor(name: string, deps: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(name, deps.indexedDB ? { indexedDB: deps.indexedDB, IDBKeyRange: deps.IDBKeyRange } : undefined);
    this.version(1).stores({ copies: 'id, used_at' });
  }
}

export class PhotoCopies {
  private readonly db: CopiesDb;
  private readonly max: number;
  private readonly now: () => number;

  constructor(opts: PhotoCopiesOptions) {
    this.db = new CopiesDb(opts.name, opts);
    this.max = opts.max ?? PHOTO_COPIES_MAX;
    this.now = opts.now ?? Date.now;
  }

  async has(id: string): Promise<boolean> {
    return (await this.db.copies.where('id').equals(id).count()) > 0;
  }

  /** The copy of a photo, or null; marks it used. */
  async get(id: string): Promise<{ bytes: ArrayBuffer; mime: string } | null> {
    const r = await this.db.copies.get(id);
    if (!r) return null;
    if (this.now() - r.used_at > TOUCH_AFTER_MS) await this.db.copies.update(id, { used_at: this.now() });
    return { bytes: r.bytes, mime: r.mime };
  }

  /** Keeps a copy, evicting the least recently used beyond the bound. */
  async put(id: string, bytes: ArrayBuffer, mime: string): Promise<void> {
    await this.db.transaction('rw', this.db.copies, async () => {
      await this.db.copies.put({ id, bytes, mime, used_at: this.now() });
      const over = (await this.db.copies.count()) - this.max;
      if (over > 0) await this.db.copies.orderBy('used_at').limit(over).delete();
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.copies.delete(id);
  }

  async count(): Promise<number> {
    return this.db.copies.count();
  }

  close(): void {
    this.db.close();
  }

  /** Deletes the user's copies (sign-out wipes the local data). */
  async wipe(): Promise<void> {
    this.close();
    await this.db.delete();
  }
}
