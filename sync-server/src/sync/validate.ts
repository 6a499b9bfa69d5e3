/**
 * Validation of pushed documents: the collection's JSON Schema (the same one RxDB uses on the
 * clients, compiled by ajv with RxDB-only keywords ignored) plus the rules a schema cannot say:
 * money with at most 2 decimals, real calendar dates and instants, the quotation code format,
 * the single company document, required texts that are not blank (schemas/rules.ts, the rule the
 * client's forms use), a customer's CPF/CNPJ, CEP and município (schemas/tax-id.ts, municipios.ts).
 * Uniqueness rules are enforced by the database (see push.ts).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import {
  blankFieldsMessage,
  blankRequiredFields,
  COMPANY_DOC_ID,
  collectionSchemas,
  ERROR_MESSAGES,
  FISCAL_FIELD_MESSAGES,
  findUnacceptableText,
  invalidWorkOrderEventFields,
  isValidQuotationCode,
  normalizeTaxId,
  taxIdProblem,
  workOrderIdForQuotation,
  type ErrorCode,
} from '@shared';
import { isMunicipioCode } from '@shared/municipios';
import { MONEY_FIELDS, TABLES, type SyncedCollection } from '../collections/tables';

const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new Map<SyncedCollection, ValidateFunction>();

function validatorFor(collection: SyncedCollection): ValidateFunction {
  let v = validators.get(collection);
  if (!v) {
    v = ajv.compile(collectionSchemas[collection] as object);
    validators.set(collection, v);
  }
  return v;
}

/** Keys RxDB may add to a document that are not schema fields. */
const RXDB_META_KEYS = ['_rev', '_meta', '_attachments'];

export type Validation =
  | { ok: true; doc: Record<string, unknown>; deleted: boolean }
  /** `code`: the refusal's reason when it is not invalid_document; `detail`: its message naming the fields. */
  | { ok: false; fields: string[]; code?: ErrorCode; detail?: string };

export interface ValidateOptions {
  /**
   * Refuse required texts that are blank (default). A server write (the customer deciding on the
   * public page) changes other fields of a stored document and is not refused for a blank text
   * an older version of the server let in.
   */
  requireText?: boolean;
}

export function hasTwoDecimalsAtMost(v: number): boolean {
  const cents = v * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** ISO instant → canonical `toISOString()` form, or null when it is not a usable instant. */
export function canonicalInstant(s: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return null;
  const t = Date.parse(s);
  if (!Number.isFinite(t)) return null;
  const d = new Date(t);
  const y = d.getUTCFullYear();
  if (y < 1900 || y > 9999) return null;
  return d.toISOString();
}

/**
 * Checks a pushed document and returns it in canonical form: schema fields only, optional
 * fields present (null when absent), instants as `toISOString()`. `_deleted` is returned apart.
 */
export function validateDocument(collection: SyncedCollection, input: unknown, opts: ValidateOptions = {}): Validation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, fields: [] };
  const raw = { ...(input as Record<string, unknown>) };
  const deletedRaw = raw._deleted;
  delete raw._deleted;
  for (const k of RXDB_META_KEYS) delete raw[k];
  if (deletedRaw !== undefined && typeof deletedRaw !== 'boolean') return { ok: false, fields: ['_deleted'] };

  // NUL and lone surrogates cannot be stored (schemas/rules.ts): refused like any invalid field.
  const badText = findUnacceptableText(raw);
  if (badText) return { ok: false, fields: badText.length > 0 ? [badText[0]] : [] };

  const def = TABLES[collection];
  const validate = validatorFor(collection);
  if (!validate(raw)) {
    const fields = new Set<string>();
    for (const e of validate.errors ?? []) {
      const path = e.instancePath.split('/').filter(Boolean)[0];
      const missing = (e.params as { missingProperty?: string; additionalProperty?: string });
      fields.add(path ?? missing.missingProperty ?? missing.additionalProperty ?? '');
    }
    fields.delete('');
    return { ok: false, fields: [...fields] };
  }

  const doc: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const c of def.columns) {
    const v = raw[c.name];
    if (v === undefined || v === null) {
      doc[c.name] = null;
      continue;
    }
    if (c.kind === 'instant') {
      const iso = canonicalInstant(v as string);
      if (iso === null) bad.push(c.name);
      doc[c.name] = iso ?? v;
    } else if (c.kind === 'date') {
      if (!isRealDate(v as string)) bad.push(c.name);
      doc[c.name] = v;
    } else {
      doc[c.name] = v;
    }
    if (MONEY_FIELDS.has(c.name) && !hasTwoDecimalsAtMost(v as number)) bad.push(c.name);
  }
  if (collection === 'quotations') {
    if (!isValidQuotationCode(String(doc.code))) bad.push('code');
    const materials = doc.materials as { price: number }[];
    if (materials.some((m) => !hasTwoDecimalsAtMost(m.price))) bad.push('materials');
  }
  if (collection === 'company' && doc.id !== COMPANY_DOC_ID) bad.push('id');
  if (collection === 'work_orders') {
    if (!isValidQuotationCode(String(doc.code))) bad.push('code');
    // One OS per quotation on every device: its id is the quotation's (workOrderIdForQuotation).
    if (doc.quotation_id !== null && doc.id !== workOrderIdForQuotation(String(doc.quotation_id))) bad.push('id');
  }
  if (collection === 'work_order_events') {
    const wrong = invalidWorkOrderEventFields(doc);
    if (wrong.length > 0) return { ok: false, fields: wrong, code: wrong.some((f) => f.endsWith('_stage')) ? 'invalid_stage' : undefined };
  }
  if (bad.length > 0) return { ok: false, fields: bad };
  const deleted = deletedRaw === true;
  // A deletion is not refused for a blank text: an old blank document can still be deleted.
  if (!deleted && opts.requireText !== false) {
    const blank = blankRequiredFields(collection, doc);
    if (blank.length > 0) return { ok: false, fields: blank, code: 'blank_required_field', detail: blankFieldsMessage(collection, blank) };
  }
  if (collection === 'customers' && !deleted) {
    const fiscal = customerFiscalRefusal(doc);
    if (fiscal) return fiscal;
  }
  return { ok: true, doc, deleted };
}

/**
 * A customer's fiscal data (issue 38), as the form checks it: the CPF/CNPJ stored normalised with
 * valid check digits (the alphanumeric CNPJ too), the CEP as 8 digits, the município a code of
 * the IBGE list. The first wrong one refuses the document with its own code and pt-BR message.
 */
export function customerFiscalRefusal(doc: Readonly<Record<string, unknown>>): Extract<Validation, { ok: false }> | null {
  const taxId = doc.tax_id;
  if (typeof taxId === 'string') {
    const problem = taxId === normalizeTaxId(taxId) && taxId !== '' ? taxIdProblem(taxId) : 'tax_id_length';
    if (problem) return { ok: false, fields: ['tax_id'], code: 'invalid_tax_id', detail: `${FISCAL_FIELD_MESSAGES[problem]}.` };
  }
  const cep = doc.address_cep;
  if (typeof cep === 'string' && !/^\d{8}$/.test(cep)) {
    return { ok: false, fields: ['address_cep'], code: 'invalid_cep', detail: `${FISCAL_FIELD_MESSAGES.cep_length}.` };
  }
  const city = doc.address_city_code;
  if (typeof city === 'string' && !isMunicipioCode(city)) {
    return { ok: false, fields: ['address_city_code'], code: 'invalid_municipio', detail: ERROR_MESSAGES.invalid_municipio };
  }
  return null;
}
