/**
 * Configurações › Fiscal (issue 38 §2) as the owner edits it: what the NFS-e needs of the shop.
 * Pure; the clock is a parameter. Every field's problem is found at once (pt-BR, shown next to
 * the field) and a draft with any problem gives no settings at all — `company.fiscal` is written
 * whole or not at all.
 *
 * Numbering: the server keeps the série's counter and never goes back below a number it used
 * (sync-server/src/nfse/worker.ts takes GREATEST(counter, first_number)). The form shows
 * max(nfse_next_number, first_number) as 'Próximo número'; the owner may raise it (to continue
 * another emissor's numbering), which is stored as first_number. Lowering it below what the server
 * already used for the same CNPJ and série is refused here so the screen never promises a number
 * the server will not give.
 */
import {
  certificateWarnings,
  DEFAULT_FISCAL_SERVICES,
  FISCAL_FIELD_MESSAGES,
  formatTaxId,
  isValidCnpj,
  NFSE_SERIE_MAX,
  NFSE_SERIE_MIN,
  normalizeTaxId,
  SHOP_TIME_ZONE,
  type FiscalCertificateInfo,
  type FiscalRegime,
  type FiscalSettings,
} from '@shared';
import { isValidEmail } from './company';
import { formatDate } from './dates';
import { maskServiceCodeText } from './fiscal-mask';

export const FISCAL_SETTINGS_MESSAGES = {
  cnpjRequired: 'Informe o CNPJ da empresa.',
  cnpjLength: 'O CNPJ tem 14 caracteres (ex.: 12.345.678/0001-95).',
  cnpjCheckDigits: FISCAL_FIELD_MESSAGES.cnpj_check_digits,
  legalNameRequired: 'Informe a razão social, como está no CNPJ.',
  municipalRegistration: 'A inscrição municipal tem no máximo 15 caracteres.',
  cityRequired: 'Escolha o município da empresa.',
  cityPending: FISCAL_FIELD_MESSAGES.municipio_unknown,
  regimeRequired: 'Escolha o regime tributário.',
  percentRequired: 'Informe o % aproximado de tributos do Simples (ex.: 6,00).',
  percentInvalid: 'Informe um percentual de 0,00 a 99,99 (ex.: 6,00).',
  serie: `A série é um número de ${NFSE_SERIE_MIN} a ${NFSE_SERIE_MAX.toLocaleString('pt-BR')}.`,
  numberInvalid: 'Informe um número inteiro a partir de 1.',
  numberBelowUsed: (floor: number) =>
    `Não pode ser menor que ${floor.toLocaleString('pt-BR')}: os números anteriores já foram usados nesta série.`,
  servicesEmpty: 'Cadastre ao menos um serviço.',
  servicesMax: (max: number) => `No máximo ${max} serviços.`,
  serviceCode: 'O código tem 6 dígitos, como na lista nacional (ex.: 14.01.01).',
  serviceCodeRepeated: 'Este código já está na lista.',
  serviceDescription: 'Descreva o serviço.',
  email: 'E-mail inválido. Use um endereço como contato@empresa.com.br.',
  phone: 'Telefone inválido: informe DDD e número (ex.: (35) 3644-1234).',
} as const;

const M = FISCAL_SETTINGS_MESSAGES;
export const FISCAL_SERVICES_MAX = 30;
const FIRST_NUMBER_MAX = 999_999_999_999_999;

export interface ServiceDraft {
  /** As shown: 14.01.01. */
  code: string;
  description: string;
}

export interface FiscalSettingsDraft {
  cnpj: string;
  legalName: string;
  municipalRegistration: string;
  city: { code: string | null; text: string };
  regime: FiscalRegime | '';
  snApuracao: 1 | 2 | 3;
  /** As typed, comma decimals: '6,00'. */
  approxTaxPercent: string;
  serie: string;
  nextNumber: string;
  environment: 1 | 2;
  services: ServiceDraft[];
  email: string;
  phone: string;
}

export type FiscalSettingsField =
  | 'cnpj'
  | 'legal_name'
  | 'municipal_registration'
  | 'city_code'
  | 'regime'
  | 'approx_tax_percent'
  | 'serie'
  | 'first_number'
  | 'services'
  | 'email'
  | 'phone';

export type ServiceRowErrors = Partial<Record<'code' | 'description', string>>;
export type FiscalSettingsErrors = Partial<Record<FiscalSettingsField, string>> & { rows?: ServiceRowErrors[] };

/** What the server already did with the numbering (company.nfse_next_number) and what is stored. */
export interface FiscalNumbering {
  stored: FiscalSettings | null;
  serverNext: number | null;
}

/** The 'Próximo número' the screen shows: max(nfse_next_number, first_number). */
export function shownNextNumber({ stored, serverNext }: FiscalNumbering): number {
  return Math.max(serverNext ?? 1, stored?.first_number ?? 1);
}

/** 6 → '6,00'. */
export function formatPercentText(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/** '6,00', '6,5', '6.5', '6' → 6 / 6.5; null when it is not a percentage with at most 2 decimals. */
export function parsePercentText(text: string): number | null {
  const t = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,2}([.,]\d{1,2})?$/.test(t)) return null;
  return Number(t.replace(',', '.'));
}

export function fiscalSettingsDraftOf(numbering: FiscalNumbering): FiscalSettingsDraft {
  const s = numbering.stored;
  return {
    cnpj: s ? formatTaxId(s.cnpj) : '',
    legalName: s?.legal_name ?? '',
    municipalRegistration: s?.municipal_registration ?? '',
    city: { code: s?.city_code ?? null, text: '' },
    regime: s?.regime ?? '',
    snApuracao: s?.sn_apuracao ?? 1,
    approxTaxPercent: s?.approx_tax_percent != null ? formatPercentText(s.approx_tax_percent) : '',
    serie: String(s?.serie ?? 1),
    nextNumber: String(shownNextNumber(numbering)),
    // Production restrita until the owner says otherwise: a first note is a test.
    environment: s?.environment ?? 2,
    services: (s?.services ?? DEFAULT_FISCAL_SERVICES).map((x) => ({ code: maskServiceCodeText(x.code), description: x.description })),
    email: s?.email ?? '',
    phone: s?.phone ?? '',
  };
}

const blank = (t: string) => t.trim() === '';

function cnpjProblem(raw: string): string | null {
  const t = normalizeTaxId(raw);
  if (t === '') return M.cnpjRequired;
  if (t.length !== 14) return M.cnpjLength;
  return isValidCnpj(t) ? null : M.cnpjCheckDigits;
}

function serviceProblems(services: ServiceDraft[]): { list?: string; rows: ServiceRowErrors[] } {
  const rows: ServiceRowErrors[] = services.map(() => ({}));
  const seen = new Set<string>();
  services.forEach((s, i) => {
    const code = s.code.replace(/\D/g, '');
    if (!/^\d{6}$/.test(code) || /\D/.test(s.code.replace(/[.\s]/g, ''))) rows[i].code = M.serviceCode;
    else if (seen.has(code)) rows[i].code = M.serviceCodeRepeated;
    seen.add(code);
    if (blank(s.description)) rows[i].description = M.serviceDescription;
  });
  if (services.length === 0) return { list: M.servicesEmpty, rows };
  if (services.length > FISCAL_SERVICES_MAX) return { list: M.servicesMax(FISCAL_SERVICES_MAX), rows };
  return { rows };
}

/** The numbering floor: what the server used, when the CNPJ and the série are the ones it used them for. */
function numberFloor(d: FiscalSettingsDraft, { stored, serverNext }: FiscalNumbering): number {
  if (!stored || serverNext == null) return 1;
  const same = normalizeTaxId(d.cnpj) === stored.cnpj && Number(d.serie) === stored.serie;
  return same ? serverNext : 1;
}

/** Every problem of a draft at once, and the settings to store when there is none. */
export function fiscalSettingsFrom(d: FiscalSettingsDraft, numbering: FiscalNumbering): { errors: FiscalSettingsErrors; settings: FiscalSettings | null } {
  const errors: FiscalSettingsErrors = {};
  const cnpj = cnpjProblem(d.cnpj);
  if (cnpj) errors.cnpj = cnpj;
  if (blank(d.legalName)) errors.legal_name = M.legalNameRequired;
  if (d.municipalRegistration.trim().length > 15) errors.municipal_registration = M.municipalRegistration;
  if (d.city.code === null) errors.city_code = blank(d.city.text) ? M.cityRequired : M.cityPending;
  if (d.regime === '') errors.regime = M.regimeRequired;
  const percent = parsePercentText(d.approxTaxPercent);
  if (d.regime === 'simples') {
    if (blank(d.approxTaxPercent)) errors.approx_tax_percent = M.percentRequired;
    else if (percent === null) errors.approx_tax_percent = M.percentInvalid;
  }
  const serie = /^\d{1,5}$/.test(d.serie.trim()) ? Number(d.serie.trim()) : NaN;
  if (!(serie >= NFSE_SERIE_MIN && serie <= NFSE_SERIE_MAX)) errors.serie = M.serie;
  const typedNumber = d.nextNumber.trim().replace(/\./g, '');
  const next = /^\d{1,15}$/.test(typedNumber) ? Number(typedNumber) : NaN;
  const floor = numberFloor(d, numbering);
  if (!(next >= 1 && next <= FIRST_NUMBER_MAX)) errors.first_number = M.numberInvalid;
  else if (next < floor) errors.first_number = M.numberBelowUsed(floor);
  const services = serviceProblems(d.services);
  if (services.list) errors.services = services.list;
  if (services.rows.some((r) => r.code || r.description)) errors.rows = services.rows;
  const email = d.email.trim();
  if (email && (!isValidEmail(email) || email.length > 80)) errors.email = M.email;
  const phone = d.phone.trim();
  const phoneDigits = phone.replace(/\D/g, '').length;
  if (phone && (phoneDigits < 10 || phoneDigits > 11 || phone.length > 20 || /[^\d\s()+-]/.test(phone))) errors.phone = M.phone;
  if (Object.keys(errors).length > 0) return { errors, settings: null };

  // Untouched, the number keeps what was stored (no write for a number nobody changed).
  const firstNumber = next === shownNextNumber(numbering) ? (numbering.stored?.first_number ?? next) : next;
  const simples = d.regime === 'simples';
  return {
    errors,
    settings: {
      cnpj: normalizeTaxId(d.cnpj),
      legal_name: d.legalName.trim(),
      municipal_registration: d.municipalRegistration.trim() || null,
      city_code: d.city.code!,
      regime: d.regime as FiscalRegime,
      sn_apuracao: simples ? d.snApuracao : null,
      approx_tax_percent: simples ? percent : null,
      serie,
      first_number: firstNumber,
      environment: d.environment,
      services: d.services.map((s) => ({ code: s.code.replace(/\D/g, ''), description: s.description.trim() })),
      email: email || null,
      phone: phone || null,
    },
  };
}

/** Days from `now` to the certificate's end, rounded up (a few hours left is still 1 day). */
export function certificateDaysLeft(cert: FiscalCertificateInfo, now: Date): number {
  return Math.ceil((Date.parse(cert.valid_until) - now.getTime()) / 86_400_000);
}

/** dd/MM/yyyy in the shop's calendar. */
export const certificateDate = (iso: string): string => formatDate(iso, SHOP_TIME_ZONE);

/** The owner's warnings about the kept A1, in pt-BR (Configurações › Fiscal and the dashboard). */
export function certificateWarningTexts(cert: FiscalCertificateInfo | null, companyCnpj: string | null, now: Date): string[] {
  if (!cert) return [];
  return certificateWarnings(cert, companyCnpj, now).map((w) => {
    if (w === 'expired') return `O certificado digital venceu em ${certificateDate(cert.valid_until)}: envie um certificado novo para voltar a emitir notas.`;
    if (w === 'expires_soon') {
      const days = certificateDaysLeft(cert, now);
      return `O certificado vence em ${days} ${days === 1 ? 'dia' : 'dias'}: renove com a certificadora.`;
    }
    return `O certificado é de outro CNPJ (${formatTaxId(cert.cnpj)}): envie o certificado da empresa (CNPJ ${formatTaxId(companyCnpj)}).`;
  });
}
