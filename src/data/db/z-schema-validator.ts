/**
 * z-schema validators that compile each collection schema once (the browser's validator: the
 * CSP forbids ajv's `new Function`, create-database.ts).
 *
 * RxDB's own `getValidator` (rxdb/plugins/validate-z-schema) passes the schema object on every
 * call, and z-schema deep-clones a schema object it is handed before using it — so every
 * document written cloned the schema, compiled it and validated it against the JSON Schema
 * meta-schema again before checking the document itself: ~1 ms a document, 5.4 of the 20 s of
 * importing 5,000 customers in Chromium (bench:ui import, CPU profile; issue 39 §2). Here each
 * schema is registered once under an id of its own and documents are validated against that
 * id, which z-schema resolves to its compiled copy: the same rules and the same error details
 * (tests/unit/data/z-schema-validator.test.ts), ~13× less time a document.
 */
import { getZSchema } from 'rxdb/plugins/validate-z-schema';

type Detail = { title?: string; description?: string; message?: string; path?: string };
type Result = { valid: boolean; err?: { details?: Detail[] }; error?: { details?: Detail[] } };
interface ZSchemaLike {
  validateSchemaSafe(schema: unknown): { valid: boolean };
  validateSafe(json: unknown, schema: unknown): Result;
}

let registered = 0;

export function getValidator(schema: unknown): (doc: unknown) => Detail[] {
  const z = getZSchema() as unknown as ZSchemaLike;
  const id = `forja-schema-${++registered}`;
  // A copy (z-schema marks the object it compiles), with an id of its own so it is cached by it.
  const copy = { ...(JSON.parse(JSON.stringify(schema)) as Record<string, unknown>), id };
  // An invalid schema: fall back to passing the object each time, z-schema's errors as before.
  const ref: unknown = z.validateSchemaSafe(copy).valid ? id : schema;
  return (doc) => {
    const result = z.validateSafe(doc, ref);
    if (result.valid) return [];
    const details = result.error?.details ?? result.err?.details ?? [];
    return details.map(({ title, description, message, path }) => ({ title, description, message, path }));
  };
}
