/**
 * A note asked on a device + Configurações › Fiscal → what buildDps needs. Pure (the clock and the
 * number are parameters), so the worker's numbering and sending stay apart from what the DPS says.
 */
import type { FiscalSettings, NfseDoc } from '@shared';
import type { DpsInput, Prestador, Tomador } from './dps';

/** verAplic (1–20 characters): which program wrote the DPS. */
export const FORJA_VER_APLIC = 'Forja_1.0';

export interface Numbering {
  serie: number;
  nDPS: number;
}

/** Reais (at most 2 decimals, as the schema allows) → integer cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

function prestadorOf(fiscal: FiscalSettings): Prestador {
  const base = {
    cnpj: fiscal.cnpj,
    ...(fiscal.municipal_registration ? { im: fiscal.municipal_registration } : {}),
    ...(fiscal.phone ? { fone: fiscal.phone.replace(/\D/g, '') } : {}),
    ...(fiscal.email ? { email: fiscal.email } : {}),
  };
  if (fiscal.regime === 'mei') return { ...base, regime: 'mei' };
  return {
    ...base,
    regime: 'simples_me_epp',
    regApTribSN: fiscal.sn_apuracao ?? 1,
    pTotTribSN: Math.round((fiscal.approx_tax_percent ?? 0) * 100),
  };
}

/** The address goes on the note only whole (the XSD has no partial endNac). */
function tomadorOf(t: NonNullable<NfseDoc['tomador']>): Tomador {
  const id = t.tax_id.length === 11 ? { cpf: t.tax_id } : { cnpj: t.tax_id };
  const whole = t.cep && t.street && t.number && t.district && t.city_code;
  const phone = t.phone?.replace(/\D/g, '');
  return {
    ...id,
    name: t.name,
    ...(whole
      ? {
          address: {
            cMun: t.city_code!,
            cep: t.cep!,
            street: t.street!,
            number: t.number!,
            ...(t.complement ? { complement: t.complement } : {}),
            district: t.district!,
          },
        }
      : {}),
    ...(phone && phone.length >= 6 ? { fone: phone } : {}),
    ...(t.email ? { email: t.email } : {}),
  };
}

export function dpsInputFor(note: NfseDoc, fiscal: FiscalSettings, numbering: Numbering, dhEmi: Date): DpsInput {
  return {
    ambiente: fiscal.environment,
    dhEmi,
    verAplic: FORJA_VER_APLIC,
    serie: numbering.serie,
    nDPS: numbering.nDPS,
    cLocEmi: fiscal.city_code,
    prestador: prestadorOf(fiscal),
    ...(note.tomador ? { tomador: tomadorOf(note.tomador) } : {}),
    servico: {
      // The shop's jobs are done at the shop: the service happens in its município.
      cLocPrestacao: fiscal.city_code,
      cTribNac: note.service_code,
      xDescServ: note.description,
    },
    vServ: toCents(note.amount),
  };
}
