/**
 * Reading the NFS-e Sefin returns (NFSe_v1.01.xsd): NFSe/infNFSe[@Id="NFS"+chave], nNFSe, dhProc,
 * cStat, and the DPS inside it. Also the chave's check digit.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { NfseError } from './errors';
import { NFSE_NAMESPACE } from './dps';

/**
 * Check digit of the 50-digit chave de acesso: modulo 11, weights 2..9 from the right, 0 when the
 * remainder is 0 or 1 (NF-e style). The algorithm is inferred and verified on two real keys
 * (research notes §4.1).
 */
export function chaveDv(first49: string): number {
  if (!/^[0-9]{49}$/.test(first49)) throw new RangeError('the chave before its DV has 49 digits');
  let sum = 0;
  let weight = 2;
  for (let i = first49.length - 1; i >= 0; i--) {
    sum += Number(first49[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidChave(chave: string): boolean {
  return /^[0-9]{50}$/.test(chave) && chaveDv(chave.slice(0, 49)) === Number(chave[49]);
}

export interface NfseSummary {
  chave: string;
  nNFSe: string;
  /** As written (with its offset). */
  dhProc: string;
  /** tpAmb of the DPS inside: 1 produção, 2 homologação (produção restrita). */
  ambiente: 1 | 2;
  cStat: string;
  /** infDPS/@Id of the DPS the note was made from. */
  dpsId: string;
}

function child(parent: Element | undefined, name: string): Element | undefined {
  if (!parent) return undefined;
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).localName === name) return c as Element;
  }
  return undefined;
}

export function parseNfseXml(xml: string): NfseSummary {
  let failure: string | undefined;
  const doc = new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning') failure ??= msg;
    },
  }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (failure || !root || root.localName !== 'NFSe' || root.namespaceURI !== NFSE_NAMESPACE) {
    throw new NfseError('xml_invalid', failure ?? 'não é uma NFS-e');
  }
  const inf = child(root, 'infNFSe');
  const id = inf?.getAttribute('Id') ?? '';
  const chave = id.replace(/^NFS/, '');
  const value = (parent: Element | undefined, name: string) => child(parent, name)?.textContent?.trim() ?? '';
  const infDps = child(child(inf, 'DPS'), 'infDPS');
  const tpAmb = value(infDps, 'tpAmb');
  const summary = {
    chave,
    nNFSe: value(inf, 'nNFSe'),
    dhProc: value(inf, 'dhProc'),
    ambiente: (tpAmb === '1' ? 1 : 2) as 1 | 2,
    cStat: value(inf, 'cStat'),
    dpsId: infDps?.getAttribute('Id') ?? '',
  };
  if (!/^NFS[0-9]{50}$/.test(id) || !summary.nNFSe || !summary.dhProc || (tpAmb !== '1' && tpAmb !== '2')) {
    throw new NfseError('xml_invalid', 'NFS-e sem chave, número, data de processamento ou ambiente');
  }
  return summary;
}
