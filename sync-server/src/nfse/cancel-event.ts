/**
 * The cancel request (pedRegEvento with e101101, XSD pedRegEvento_v1.01.xsd), unsigned; sign.ts
 * signs infPedReg. Id (TSIdPedRegEvt, v1.01): "PRE" + chave(50) + event code(6) — v1.00's extra
 * nPedRegEvento is gone (research notes §4.2).
 */
import { NfseError } from './errors';
import { NFSE_LAYOUT_VERSION, NFSE_NAMESPACE, type Ambiente } from './dps';
import { formatDateTime, SHOP_TIME_ZONE } from './time';
import { el, lineText } from './xml-text';

export const CANCEL_EVENT_CODE = '101101';

/** 1 Erro na emissão, 2 Serviço não prestado, 9 Outros (TSCodJustCanc). */
export type CancelReason = 1 | 2 | 9;

export interface CancelRequestInput {
  ambiente: Ambiente;
  chave: string;
  /** CNPJ of the author: the emitter; its root must match the signing certificate (E0812). */
  cnpjAutor: string;
  dhEvento: Date;
  cMotivo: CancelReason;
  /** 15 to 255 characters (TSMotivo). */
  xMotivo: string;
  verAplic: string;
  timeZone?: string;
}

export function cancelRequestId(chave: string): string {
  return `PRE${chave}${CANCEL_EVENT_CODE}`;
}

export function buildCancelRequest(input: CancelRequestInput): string {
  if (!/^[0-9]{50}$/.test(input.chave)) throw new NfseError('cancel_invalid', `chave de acesso: ${JSON.stringify(input.chave)}`);
  const cnpj = input.cnpjAutor.replace(/[.\-/\s]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) throw new NfseError('cancel_invalid', `CNPJ do autor: ${JSON.stringify(input.cnpjAutor)}`);
  if (![1, 2, 9].includes(input.cMotivo)) throw new NfseError('cancel_invalid', `motivo: ${input.cMotivo}`);
  if (input.ambiente !== 1 && input.ambiente !== 2) throw new NfseError('cancel_invalid', `ambiente: ${input.ambiente}`);
  const xMotivo = lineText(input.xMotivo);
  if (xMotivo.length < 15 || xMotivo.length > 255) {
    throw new NfseError('cancel_invalid', 'a justificativa precisa ter de 15 a 255 caracteres');
  }
  const verAplic = lineText(input.verAplic).slice(0, 20);
  if (!verAplic) throw new NfseError('cancel_invalid', 'verAplic vazio');
  return (
    `<pedRegEvento xmlns="${NFSE_NAMESPACE}" versao="${NFSE_LAYOUT_VERSION}"><infPedReg Id="${cancelRequestId(input.chave)}">` +
    el('tpAmb', String(input.ambiente)) +
    el('verAplic', verAplic) +
    el('dhEvento', formatDateTime(input.dhEvento, input.timeZone ?? SHOP_TIME_ZONE)) +
    el('CNPJAutor', cnpj) +
    el('chNFSe', input.chave) +
    '<e101101><xDesc>Cancelamento de NFS-e</xDesc>' +
    el('cMotivo', String(input.cMotivo)) +
    el('xMotivo', xMotivo) +
    '</e101101></infPedReg></pedRegEvento>'
  );
}
