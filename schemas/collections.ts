/**
 * The shared contract: one JSON Schema per collection.
 *
 * The same objects are used by RxDB in the browser (they are valid RxJsonSchema),
 * by the sync-server to validate every pushed document (ajv), and by the SQL
 * migrations (a test checks that every schema field has a column).
 *
 * Conventions
 * - snake_case field names, as in the product spec.
 * - Money is a number in reais with at most 2 decimals (SQL numeric(12,2)); domain
 *   code converts to integer cents before doing arithmetic.
 * - Dates are 'YYYY-MM-DD' strings (SQL date); instants are ISO-8601 strings (timestamptz).
 * - `updated_at` is stamped by the server on every accepted write; `client_updated_at`
 *   is the editing device's clock, used only to pick the later edit when two devices
 *   changed the same field (never for replication order).
 * - Deletion is replication's `_deleted` flag; the server keeps tombstones.
 */
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { fiscalCertificateSchema, fiscalSettingsSchema, nfseSchema } from './nfse';

const ID = { type: 'string', maxLength: 64 } as const;
const INSTANT = { type: 'string', maxLength: 40 } as const;
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 } as const;
const NULLABLE_TEXT = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const MONEY = { type: 'number', minimum: -9999999999.99, maximum: 9999999999.99 } as const;

export const customerSchema = {
  title: 'customers',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    phone: { type: 'string', minLength: 1, maxLength: 40 },
    whatsapp: NULLABLE_TEXT(40),
    description: NULLABLE_TEXT(2000),
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
    /** v1: who wrote the stored version (stamped by the server, like updated_at; null = the server itself). */
    updated_by: NULLABLE_TEXT(64),
    /**
     * v2 (issue 38): fiscal data, all optional — needed only for an NFS-e to an identified customer.
     * `tax_id`: CPF (11 digits) or CNPJ (14, alphanumeric since July 2026), normalised (no
     * punctuation, upper case), check digits valid (schemas/tax-id.ts; sync/validate.ts refuses others).
     */
    tax_id: NULLABLE_TEXT(14),
    /** v2: CEP, 8 digits without the hyphen. */
    address_cep: NULLABLE_TEXT(8),
    /** v2: the address as the national NFS-e XSD bounds it (xLgr 255, nro 60, xCpl 156, xBairro 60). */
    address_street: NULLABLE_TEXT(255),
    address_number: NULLABLE_TEXT(60),
    address_complement: NULLABLE_TEXT(156),
    address_district: NULLABLE_TEXT(60),
    /** v2: the município's 7-digit IBGE code (schemas/municipios.ts); its UF follows from the code. */
    address_city_code: NULLABLE_TEXT(7),
  },
  required: ['id', 'name', 'phone', 'created_at', 'updated_at', 'client_updated_at'],
  additionalProperties: false,
} as const;

export const QUOTATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export const quotationSchema = {
  title: 'quotations',
  version: 3,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    code: { type: 'string', minLength: 3, maxLength: 32 },
    customer_id: NULLABLE_TEXT(64),
    description: { type: 'string', minLength: 1, maxLength: 5000 },
    status: { type: 'string', enum: QUOTATION_STATUSES },
    total_amount: { ...MONEY, minimum: 0 },
    discounts: { ...MONEY, minimum: 0 },
    taxes: { ...MONEY, minimum: 0 },
    payment_method: { type: 'string', minLength: 1, maxLength: 200 },
    validity_date: DATE,
    /**
     * v3 (issue 39): optional — '' when the shop gave none (lists, the page and the PDF show '—').
     * Still a string, never null, so the column (text NOT NULL) and older devices read it as before.
     */
    execution_deadline: { type: 'string', maxLength: 200 },
    materials: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          quantity: { type: 'integer', minimum: 0, maximum: 1000000 },
          price: { ...MONEY, minimum: 0 },
        },
        required: ['name', 'quantity', 'price'],
        additionalProperties: false,
      },
    },
    viewed_at: NULLABLE_TEXT(40),
    /** When the customer accepted or rejected it on the public page (or staff changed the status). */
    decided_at: NULLABLE_TEXT(40),
    /** Optional reason the customer gave when rejecting. */
    decision_reason: NULLABLE_TEXT(1000),
    /**
     * v1: earlier decisions, oldest first. Editing an accepted/rejected quotation puts it back
     * to pending for a new decision; the decision it had is appended here so staff still see it.
     */
    decision_history: {
      type: ['array', 'null'],
      maxItems: 100,
      items: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: QUOTATION_STATUSES },
          decided_at: NULLABLE_TEXT(40),
          reason: NULLABLE_TEXT(1000),
          reset_at: { type: 'string', maxLength: 40 },
        },
        required: ['status', 'reset_at'],
        additionalProperties: false,
      },
    },
    /**
     * v2 (issue 30): the secret the links staff send carry beside the code (/quotation/{code}?k=…):
     * 22+ base64url characters made on the device that creates the quotation (generateLinkSecret,
     * schemas/rules.ts). A link with it opens the quotation; the bare code also asks for the last 4
     * digits of the customer's phone. Null until the server's copy arrives (SQL 009 gives every
     * older quotation one). Never in a public answer; staff devices receive it through the pull.
     */
    link_secret: { type: ['string', 'null'], minLength: 22, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
    updated_by: NULLABLE_TEXT(64),
  },
  required: [
    'id', 'code', 'description', 'status', 'total_amount', 'discounts', 'taxes', 'payment_method',
    'validity_date', 'execution_deadline', 'materials', 'created_at', 'updated_at', 'client_updated_at',
  ],
  /** v1: lists are newest first; the first page is read through this index. */
  indexes: ['created_at'],
  additionalProperties: false,
} as const;

export const TRANSACTION_TYPES = ['entrada', 'saida', 'despesas'] as const;
export const PAYMENT_METHODS = ['dinheiro', 'pix', 'cartao', 'transferencia', 'n/a'] as const;
export const PAYMENT_STATUSES = ['pago', 'parcial', 'pendente', 'atrasado'] as const;

export const transactionSchema = {
  title: 'transactions',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    type: { type: 'string', enum: TRANSACTION_TYPES },
    customer_id: NULLABLE_TEXT(64),
    name: NULLABLE_TEXT(200),
    category: NULLABLE_TEXT(60),
    description: { type: 'string', maxLength: 2000 },
    amount: { ...MONEY, minimum: 0.01 },
    payment_method: { type: 'string', enum: PAYMENT_METHODS },
    payment_status: { type: 'string', enum: PAYMENT_STATUSES },
    due_date: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 },
    /** v1: the accepted quotation this entrada was launched from ('Lançar no caixa'); unique among live rows. */
    quotation_id: NULLABLE_TEXT(64),
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
    updated_by: NULLABLE_TEXT(64),
  },
  required: [
    'id', 'type', 'description', 'amount', 'payment_method', 'payment_status', 'created_at',
    'updated_at', 'client_updated_at',
  ],
  /** v1: the cash book is newest first and filtered by date. */
  indexes: ['created_at'],
  additionalProperties: false,
} as const;

export const stockItemSchema = {
  title: 'stock_items',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    category_id: { type: 'string', maxLength: 64 },
    type_id: { type: 'string', maxLength: 64 },
    material_id: { type: 'string', maxLength: 64 },
    thickness_id: { type: 'string', maxLength: 64 },
    dimension_id: { type: 'string', maxLength: 64 },
    minimum_quantity: { type: 'number', minimum: 0, maximum: 100000000 },
    description: NULLABLE_TEXT(2000),
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
  },
  required: [
    'id', 'category_id', 'type_id', 'material_id', 'thickness_id', 'dimension_id',
    'minimum_quantity', 'created_at', 'updated_at', 'client_updated_at',
  ],
  additionalProperties: false,
} as const;

/**
 * Insert-only: an item's quantity is the sum of its movements' `delta`, so two devices
 * adding and removing stock offline both count. The server refuses any change to a
 * stored movement.
 */
export const stockMovementSchema = {
  title: 'stock_movements',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    stock_item_id: { type: 'string', maxLength: 64 },
    delta: { type: 'number', minimum: -100000000, maximum: 100000000 },
    reason: NULLABLE_TEXT(200),
    /** v1 (issue 31): the ordem de serviço this material was used on (its opposite movement too). */
    work_order_id: NULLABLE_TEXT(64),
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
  },
  required: ['id', 'stock_item_id', 'delta', 'created_at', 'updated_at', 'client_updated_at'],
  indexes: ['stock_item_id'],
  additionalProperties: false,
} as const;

export const CATALOG_KINDS = ['category', 'type', 'material', 'thickness', 'dimension'] as const;

/**
 * The five settings catalogues in one collection (the free RxDB opens at most 13
 * collections per tab). `name` is the label; for a thickness it is the value as text
 * and `value`/`unit` hold the number and 'mm'. A thickness in inches (issue 39) is named as a
 * metal shop writes it ('1/4"') with its value in mm (6.35), so it sorts by size and an older
 * app shows '6,35 mm'. A type points at its category in `parent_id`.
 */
export const catalogItemSchema = {
  title: 'catalog_items',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    kind: { type: 'string', enum: CATALOG_KINDS, maxLength: 20 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    value: { type: ['number', 'null'], minimum: 0, maximum: 100000 },
    unit: NULLABLE_TEXT(10),
    parent_id: NULLABLE_TEXT(64),
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
  },
  required: ['id', 'kind', 'name', 'created_at', 'updated_at', 'client_updated_at'],
  indexes: ['kind'],
  additionalProperties: false,
} as const;

/** The company profile: a single document whose id is COMPANY_DOC_ID. */
export const COMPANY_DOC_ID = 'company';

export const companySchema = {
  title: 'company',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    tagline: NULLABLE_TEXT(300),
    address: { type: 'string', maxLength: 400 },
    city: { type: 'string', maxLength: 100 },
    phones: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 40 } },
    whatsapp_numbers: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 40 } },
    email: NULLABLE_TEXT(200),
    facebook_url: NULLABLE_TEXT(500),
    instagram_url: NULLABLE_TEXT(500),
    opening_hours: { type: 'string', maxLength: 200 },
    map_url: NULLABLE_TEXT(2000),
    pix_key: NULLABLE_TEXT(77),
    /** v1 (issue 31): the Garantia given at delivery, in days (null: DEFAULT_WARRANTY_DAYS, 90). */
    warranty_days: { type: ['integer', 'null'], minimum: 0, maximum: 3650 },
    /** v2 (issue 38): Configurações › Fiscal — what the NFS-e needs of the shop (schemas/nfse.ts). */
    fiscal: fiscalSettingsSchema,
    /** v2: the A1 the server keeps, as the server describes it (server-written; never the file). */
    fiscal_certificate: fiscalCertificateSchema,
    /** v2: the next DPS number of the série, as the server last took one (server-written). */
    nfse_next_number: { type: ['integer', 'null'], minimum: 1 },
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
  },
  required: [
    'id', 'name', 'address', 'city', 'phones', 'whatsapp_numbers', 'opening_hours', 'created_at',
    'updated_at', 'client_updated_at',
  ],
  additionalProperties: false,
} as const;

/**
 * Ordens de serviço (issue 31): the job an accepted quotation (or a counter job) becomes on the
 * floor. The stage is not a field: it is the latest move in work_order_events (insert-only), so
 * moves made on two offline devices both count. An OS opened from a quotation has the id
 * `os-{quotation id}` (workOrderIdForQuotation): two devices opening it offline write the same
 * document, which merges into one; the server's unique index on quotation_id backs it.
 */
export const workOrderSchema = {
  title: 'work_orders',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    /** The quotation's code, or OS-XXXXXX for a counter job (unique ignoring case). */
    code: { type: 'string', minLength: 3, maxLength: 32 },
    quotation_id: NULLABLE_TEXT(64),
    customer_id: NULLABLE_TEXT(64),
    description: { type: 'string', minLength: 1, maxLength: 5000 },
    total_amount: { ...MONEY, minimum: 0 },
    /** The quotation's free-text Prazo de Execução, shown beside the forecast. */
    execution_deadline: NULLABLE_TEXT(200),
    /** Responsável: a team member's id. */
    responsible_id: NULLABLE_TEXT(64),
    /** Previsão de entrega ('YYYY-MM-DD'); Atrasada is derived from it, never stored. */
    forecast_date: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 },
    /** Last day of the Garantia, set at delivery ('YYYY-MM-DD'). */
    warranty_until: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 },
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
    updated_by: NULLABLE_TEXT(64),
  },
  required: ['id', 'code', 'description', 'total_amount', 'created_at', 'updated_at', 'client_updated_at'],
  indexes: ['created_at'],
  additionalProperties: false,
} as const;

export const WORK_ORDER_EVENT_KINDS = ['move', 'note'] as const;

/**
 * An OS's history, insert-only like the stock ledger: a stage move (from, to) or a note, with
 * its author (created_by) and time (created_at). `server_seq` is the server's order of the
 * event, stamped by the server (null until the event has reached it): the current stage is the
 * latest move in that order (schemas/work-orders.ts currentStage).
 */
export const workOrderEventSchema = {
  title: 'work_order_events',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    work_order_id: { type: 'string', maxLength: 64 },
    kind: { type: 'string', enum: WORK_ORDER_EVENT_KINDS, maxLength: 8 },
    from_stage: NULLABLE_TEXT(32),
    to_stage: NULLABLE_TEXT(32),
    text: NULLABLE_TEXT(1000),
    server_seq: { type: ['integer', 'null'], minimum: 0 },
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
  },
  required: ['id', 'work_order_id', 'kind', 'created_at', 'updated_at', 'client_updated_at'],
  indexes: ['work_order_id'],
  additionalProperties: false,
} as const;

export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * A photo of an OS, as devices see it. The server writes it when the photo's bytes arrive
 * (POST /api/photos/:id); devices only change `show_to_customer` (Mostrar ao cliente) or, the
 * owner only, delete it. `public_token` (server-made, 128 bits) is the customer's URL of a photo
 * marked for them.
 */
export const workOrderPhotoSchema = {
  title: 'work_order_photos',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    work_order_id: { type: 'string', maxLength: 64 },
    mime: { type: 'string', enum: PHOTO_MIME_TYPES, maxLength: 16 },
    width: { type: 'integer', minimum: 1, maximum: 20000 },
    height: { type: 'integer', minimum: 1, maximum: 20000 },
    size: { type: 'integer', minimum: 1, maximum: 3145728 },
    show_to_customer: { type: 'boolean' },
    public_token: { type: ['string', 'null'], maxLength: 64 },
    taken_at: INSTANT,
    created_at: INSTANT,
    updated_at: INSTANT,
    client_updated_at: INSTANT,
    created_by: NULLABLE_TEXT(64),
    updated_by: NULLABLE_TEXT(64),
  },
  required: ['id', 'work_order_id', 'mime', 'width', 'height', 'size', 'show_to_customer', 'taken_at', 'created_at', 'updated_at', 'client_updated_at'],
  indexes: ['work_order_id'],
  additionalProperties: false,
} as const;

/**
 * Staff accounts as clients see them: read-only, pulled from the server's users table.
 * v1 (SQL 007): name, role and whether the account is active (the team list reads these offline).
 */
export const staffSchema = {
  title: 'staff',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    email: { type: 'string', maxLength: 254 },
    name: { type: 'string', maxLength: 120 },
    role: { type: 'string', enum: ['owner', 'staff'], maxLength: 8 },
    active: { type: 'boolean' },
    created_at: INSTANT,
    updated_at: INSTANT,
  },
  required: ['id', 'email', 'name', 'role', 'active', 'created_at', 'updated_at'],
  additionalProperties: false,
} as const;

export const collectionSchemas = {
  customers: customerSchema,
  quotations: quotationSchema,
  transactions: transactionSchema,
  stock_items: stockItemSchema,
  stock_movements: stockMovementSchema,
  catalog_items: catalogItemSchema,
  company: companySchema,
  staff: staffSchema,
  work_orders: workOrderSchema,
  work_order_events: workOrderEventSchema,
  work_order_photos: workOrderPhotoSchema,
  nfse: nfseSchema,
} as const;

export type CollectionName = keyof typeof collectionSchemas;
export const COLLECTION_NAMES = Object.keys(collectionSchemas) as CollectionName[];

/** Collections clients may only read (the server refuses pushes to them). */
export const READ_ONLY_COLLECTIONS: readonly CollectionName[] = ['staff'];
/** Collections whose stored documents never change (the server refuses updates). */
export const INSERT_ONLY_COLLECTIONS: readonly CollectionName[] = ['stock_movements', 'work_order_events'];
/** Fields the server fills from its own order of writes (the row's sequence); not stored as a column. */
export const SERVER_SEQ_FIELD = 'server_seq';

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
type DocOf<S> = ExtractDocumentTypeFromTypedRxJsonSchema<Mutable<S>>;

export type CustomerDoc = DocOf<typeof customerSchema>;
export type QuotationDoc = DocOf<typeof quotationSchema>;
export type MaterialLine = QuotationDoc['materials'][number];
export type DecisionRecord = NonNullable<QuotationDoc['decision_history']>[number];
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export type TransactionDoc = DocOf<typeof transactionSchema>;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type StockItemDoc = DocOf<typeof stockItemSchema>;
export type StockMovementDoc = DocOf<typeof stockMovementSchema>;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
export type CatalogItemDoc = DocOf<typeof catalogItemSchema>;
export type CompanyDoc = DocOf<typeof companySchema>;
export type StaffDoc = DocOf<typeof staffSchema>;
export type WorkOrderDoc = DocOf<typeof workOrderSchema>;
export type WorkOrderEventDoc = DocOf<typeof workOrderEventSchema>;
export type WorkOrderEventKind = (typeof WORK_ORDER_EVENT_KINDS)[number];
export type WorkOrderPhotoDoc = DocOf<typeof workOrderPhotoSchema>;
export type PhotoMimeType = (typeof PHOTO_MIME_TYPES)[number];
export type NfseDoc = DocOf<typeof nfseSchema>;
export type NfseTomador = NonNullable<NfseDoc['tomador']>;

export interface DocTypes {
  customers: CustomerDoc;
  quotations: QuotationDoc;
  transactions: TransactionDoc;
  stock_items: StockItemDoc;
  stock_movements: StockMovementDoc;
  catalog_items: CatalogItemDoc;
  company: CompanyDoc;
  staff: StaffDoc;
  work_orders: WorkOrderDoc;
  work_order_events: WorkOrderEventDoc;
  work_order_photos: WorkOrderPhotoDoc;
  nfse: NfseDoc;
}

/** Fields the server stamps itself; a client's value is ignored. */
export const SERVER_STAMPED_FIELDS = ['updated_at', 'updated_by'] as const;
/** Collections whose documents carry `updated_by` (from schema version 1). */
export const COLLECTIONS_WITH_UPDATED_BY: readonly CollectionName[] = ['customers', 'quotations', 'transactions', 'work_orders', 'work_order_photos', 'nfse'];
/** Fields that never change after the first accepted write. */
export const IMMUTABLE_FIELDS = ['id', 'created_at', 'created_by'] as const;
