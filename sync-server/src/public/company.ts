/**
 * The company profile shown on the landing page. It is the single `company` document
 * (id 'company') that staff edit in Settings and that replicates like any collection.
 * A default profile is seeded at first start so the site is never empty.
 */
import { COMPANY_DOC_ID, type PublicCompany } from '@shared';
import type { Database, Queryable } from '../db/types';
import { nextSeq, notifyChange } from '../db/sequence';

export const DEFAULT_COMPANY: PublicCompany = {
  name: 'Forja Soldas e Usinagem',
  tagline: 'Solda MIG, TIG e eletrodo, mandrilhamento, estruturas metálicas e tornearia mecânica — com qualidade e no prazo.',
  address: 'Rua dos Ferreiros, 145 — Centro',
  city: 'Piranguinho - MG',
  phones: ['(35) 3644-1234'],
  whatsapp_numbers: ['(35) 99876-5432', '(35) 99123-4567'],
  email: 'contato@forjasoldas.com.br',
  facebook_url: 'https://www.facebook.com/forjasoldas',
  instagram_url: 'https://www.instagram.com/forjasoldas',
  opening_hours: 'Segunda a Sexta, 8h às 17h',
  map_url: 'https://www.google.com/maps?q=Piranguinho%20-%20MG&output=embed',
  pix_key: null,
};

type Row = Record<string, unknown>;

function list(v: unknown): string[] {
  const a = typeof v === 'string' ? safeParse(v) : v;
  return Array.isArray(a) ? a.map(String) : [];
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function toPublicCompany(r: Row): PublicCompany {
  return {
    name: String(r.name ?? DEFAULT_COMPANY.name),
    tagline: text(r.tagline),
    address: String(r.address ?? ''),
    city: String(r.city ?? ''),
    phones: list(r.phones),
    whatsapp_numbers: list(r.whatsapp_numbers),
    email: text(r.email),
    facebook_url: text(r.facebook_url),
    instagram_url: text(r.instagram_url),
    opening_hours: String(r.opening_hours ?? ''),
    map_url: text(r.map_url),
    pix_key: text(r.pix_key),
  };
}

async function companyTableExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ t: string | null }>(`SELECT to_regclass('public.company')::text AS t`);
  return rows[0]?.t != null;
}

export async function getPublicCompany(db: Queryable): Promise<PublicCompany> {
  if (!(await companyTableExists(db))) return DEFAULT_COMPANY;
  const { rows } = await db.query<Row>(`SELECT * FROM company WHERE id = $1 AND NOT _deleted`, [COMPANY_DOC_ID]);
  return rows[0] ? toPublicCompany(rows[0]) : DEFAULT_COMPANY;
}

/**
 * Inserts the default profile when the company document does not exist (first start).
 * Adapts to how migration 002 typed the list columns (jsonb or text[]). Returns true if seeded.
 */
export async function seedCompanyProfile(db: Database, profile: PublicCompany = DEFAULT_COMPANY): Promise<boolean> {
  if (!(await companyTableExists(db))) return false;
  const { rows: cols } = await db.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'company'`,
  );
  const types = new Map(cols.map((c) => [c.column_name, c.data_type]));
  return db.transaction(async (tx) => {
    // Two servers starting at once on one database must not both insert it (same lock as the admin seed).
    await tx.query('SELECT pg_advisory_xact_lock($1)', [7422]);
    const { rows } = await tx.query('SELECT 1 FROM company WHERE id = $1', [COMPANY_DOC_ID]);
    if (rows.length > 0) return false;
    const seq = await nextSeq(tx);
    const now = new Date().toISOString();
    const values: Record<string, unknown> = {
      id: COMPANY_DOC_ID,
      ...profile,
      created_at: now,
      updated_at: now,
      client_updated_at: now,
      created_by: null,
      _seq: seq,
      _deleted: false,
    };
    const names: string[] = [];
    const params: unknown[] = [];
    const exprs: string[] = [];
    for (const [name, value] of Object.entries(values)) {
      const type = types.get(name);
      if (!type) continue;
      names.push(name);
      if (type === 'jsonb' || type === 'json') {
        params.push(JSON.stringify(value));
        exprs.push(`$${params.length}::jsonb`);
      } else {
        params.push(value);
        exprs.push(`$${params.length}`);
      }
    }
    await tx.query(`INSERT INTO company (${names.join(', ')}) VALUES (${exprs.join(', ')})`, params);
    await notifyChange(tx, 'company', seq);
    return true;
  });
}
