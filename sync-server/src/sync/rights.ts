/** Who may write what through replication (schemas/collections.ts lists). */
import { INSERT_ONLY_COLLECTIONS, READ_ONLY_COLLECTIONS, type CollectionName } from '@shared';

export function isReadOnly(collection: CollectionName): boolean {
  return READ_ONLY_COLLECTIONS.includes(collection);
}

export function isInsertOnly(collection: CollectionName): boolean {
  return INSERT_ONLY_COLLECTIONS.includes(collection);
}
