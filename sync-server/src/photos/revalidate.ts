/**
 * Staff browsers revalidate a photo before showing it from their cache (issue 40 §6): the bytes
 * were cached for a year, so a deleted photo stayed readable in every browser that had shown it.
 * Now the answer is `private, no-cache` with an ETag; a browser that has the bytes asks again with
 * If-None-Match and gets 304 (no bytes) while the photo lives, and 404 once it is deleted.
 * A photo's bytes never change under its id, so the id names its version.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';

export const STAFF_PHOTO_CACHE_CONTROL = 'private, no-cache';

/** The ETag of a photo's bytes (quoted; the id hashed, so any id makes a valid one). */
export function photoEtag(id: string): string {
  return `"${createHash('sha256').update(id).digest('base64url').slice(0, 22)}"`;
}

/** If-None-Match names this ETag (a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const raw = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (!raw) return false;
  return raw.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** The photo is live (not deleted): a cached copy may still be shown. Reads no bytes. */
export async function isLivePhoto(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM work_order_photos WHERE id = $1 AND NOT _deleted', [id]);
  return rows.length > 0;
}
