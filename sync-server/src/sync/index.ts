/** What other server modules use from replication. */
export { syncRoutes, type SyncRoutesOptions } from './routes';
export { updateAsServer, updateAsServerIn, readDocument, ServerWriteError } from './server-writes';
export { purgeTombstones, schedulePurge, purgedThroughSeq, PURGED_THROUGH_KEY } from './tombstones';
export { lockWrites } from './store';
export { listConflicts, type ConflictEntry } from './conflict-log';
export { mergeDocuments, MERGE_GROUPS, FIELD_RESOLVERS } from './merge';
export { validateDocument } from './validate';
