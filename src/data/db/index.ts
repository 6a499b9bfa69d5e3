/**
 * The admin data layer (HEAVY: imports RxDB). Only the admin area imports it, lazily.
 * Components read through hooks and write through commands; they never touch collections.
 */
export { DataProvider } from './DataProvider';
export { useSyncStatus, useRefusedDocuments, usePendingCount, dismissRefused, retryRefused, syncNow } from './sync-status';
export { useCustomers, customerCommands, createCustomerCommands, CUSTOMER_MESSAGES } from './customers';
export type { NewCustomer, CustomerPatch } from './customers';
export { useMyRole, useStaffEmail, useTeamMembers } from './staff';
export { useLiveQuery, useDatabase, toPlain } from './live-query';
export { DataError } from './errors';
export { insertDocument, patchDocument, removeDocument, putDocument, newId } from './writes';
export { requireDatabase, openUserDatabase, closeUserDatabase, databaseNameFor } from './session';
export { createForjaDatabase } from './create-database';
export type { ForjaDatabase, CreateForjaDatabaseOptions } from './create-database';
export type { SyncStatus, RefusedDocument, ForjaRxDatabase, ForjaCollections, SyncTransport } from './types';
export type { CustomerDoc } from '@shared';
