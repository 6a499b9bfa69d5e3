/**
 * What a device may do to a work-order photo through replication (issue 31): the server writes
 * a photo when its bytes arrive (photos/routes.ts), so a push never creates one; a push changes
 * only Mostrar ao cliente, or deletes it — the owner only. Everything else of the pushed copy
 * (type, size, the customer's token) is the stored one's.
 */
import type { Queryable } from '../db/types';
import type { Doc } from '../collections/convert';
import type { PlainDoc } from './merge';
import { Refusal } from './refusal';
import type { Writer } from './store';

export function photoChange(pushed: PlainDoc, stored: Doc, writer: Writer): PlainDoc {
  const deleting = pushed._deleted === true && stored._deleted !== true;
  if (deleting && writer.role !== 'owner') throw new Refusal('owner_only');
  if (stored._deleted === true && pushed._deleted !== true) throw new Refusal('photo_not_found');
  return {
    ...stored,
    show_to_customer: pushed.show_to_customer,
    client_updated_at: pushed.client_updated_at,
    _deleted: pushed._deleted === true,
  };
}

/** A deleted photo's bytes go with it (its tombstone stays for the devices). */
export async function dropPhotoBytes(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM work_order_photo_files WHERE id = $1', [id]);
}
