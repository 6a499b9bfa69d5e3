import {
  getPrimaryFieldOfPrimaryKey,
  type BulkWriteRow,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from 'rxdb';

type Validator = (doc: RxDocumentData<unknown>) => unknown[];
type ValidatorFactory = (schema: RxJsonSchema<RxDocumentData<unknown>>) => Validator;

/**
 * Writes made by RxDB's replication itself (contexts 'replication-…'): documents that come
 * from the server, which already validated them with the same shared schemas (downstream,
 * conflict resolutions), and the replication's own bookkeeping (per-document meta data and
 * checkpoints, which embed whole documents). Validating them again was most of the main
 * thread's time in a first sync (sync bench CPU profile), so they are trusted. Every write
 * made on this device through a collection is validated.
 */
const fromServer = (context: string) => context.startsWith('replication-');

/**
 * Like RxDB's validate plugins (wrappedValidateAjvStorage / …ZSchemaStorage), with the one
 * exception above. `getValidator` comes from rxdb/plugins/validate-ajv or validate-z-schema.
 */
export function validatingStorage<I, O>(storage: RxStorage<I, O>, getValidator: ValidatorFactory, key: string): RxStorage<I, O> {
  const cache = new Map<string, Validator>();
  const validatorFor = (schema: RxJsonSchema<RxDocumentData<unknown>>) => {
    const k = JSON.stringify(schema);
    let v = cache.get(k);
    if (!v) cache.set(k, (v = getValidator(schema)));
    return v;
  };
  return {
    ...storage,
    name: `validate-${key}-${storage.name}`,
    async createStorageInstance<T>(params: RxStorageInstanceCreationParams<T, O>) {
      const instance: RxStorageInstance<T, I, O> = await storage.createStorageInstance<T>(params);
      const primaryPath = getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string;
      const bulkWrite = instance.bulkWrite.bind(instance);
      // Looked up on first use (not per write: the cache key is the whole schema as JSON).
      let validate: Validator | null = null;
      instance.bulkWrite = async (rows: BulkWriteRow<T>[], context: string): Promise<RxStorageBulkWriteResponse<T>> => {
        if (fromServer(context)) return bulkWrite(rows, context);
        validate ??= validatorFor(params.schema as RxJsonSchema<RxDocumentData<unknown>>);
        const ok: BulkWriteRow<T>[] = [];
        const errors: RxStorageBulkWriteResponse<T>['error'] = [];
        for (const row of rows) {
          const validationErrors = validate(row.document as RxDocumentData<unknown>);
          if (validationErrors.length > 0) {
            errors.push({
              status: 422,
              isError: true,
              documentId: String((row.document as Record<string, unknown>)[primaryPath]),
              writeRow: row,
              validationErrors,
              schema: instance.schema,
              context,
            } as unknown as RxStorageBulkWriteResponse<T>['error'][number]);
          } else ok.push(row);
        }
        const result = ok.length > 0 ? await bulkWrite(ok, context) : { error: [] };
        return { ...result, error: [...result.error, ...errors] };
      };
      return instance;
    },
  };
}
