/**
 * Staff browsers revalidate a photo before showing it from their cache (issue 40 §6): the bytes
 * were cached for a year, so a deleted photo stayed readable in every browser that had shown it.
 * Now the answer is `private, no-cache` with an ETag; a browser that has the bytes asks again with
 * If-None-Match and gets 304 (no bytes) while the photo lives, and 404 once it is deleted.
 * The tag names the photo's id and its document's _seq: bytes rewritten on the server (SQL 014
 * strips stored photos again and gives them a new _seq) are a new version, sent again.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';

export const STAFF_PHOTO_CACHE_CONTROL = 'private, no-cache';

/** The ETag of a photo's bytes (quoted; id and version hashed, so any id makes a valid one). */
export function photoEtag(id: string, version: string): string {
  return `"${createHash('sha256').update(`${id}:${version}`).digest('base64url').slice(0, 22)}"`;
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

/** The live photo's version (its _seq), or null when it is deleted or unknown. Reads no bytes. */
export async function livePhotoVersion(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ seq: string }>('SELECT _seq::text AS seq FROM work_order_photos WHERE id = $1 AND NOT _deleted', [id]);
  return rows[0]?.seq ?? null;
}
