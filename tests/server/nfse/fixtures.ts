/** Inputs shared by the NFS-e tests: a Simples ME/EPP and a MEI shop in São Paulo, a CPF and a CNPJ customer. */
import type { DpsInput, Prestador, Tomador } from '../../../sync-server/src/nfse/dps';

export const SHOP_CNPJ = '12345678000195';
export const OTHER_CNPJ = '98765432000198';
export const SAO_PAULO = '3550308';

export const ME_EPP: Prestador = {
  cnpj: SHOP_CNPJ,
  regime: 'simples_me_epp',
  regApTribSN: 1,
  pTotTribSN: 600,
  fone: '(11) 3333-4444',
  email: 'contato@serralheria.test',
};

export const MEI: Prestador = { cnpj: SHOP_CNPJ, regime: 'mei', fone: '11 99999-0000', email: 'mei@serralheria.test' };

export const CPF_CUSTOMER: Tomador = {
  cpf: '529.982.247-25',
  name: 'FULANO DE TAL',
  address: { cMun: SAO_PAULO, cep: '01001-000', street: 'RUA X', number: '10', district: 'CENTRO' },
};

export const CNPJ_CUSTOMER: Tomador = {
  cnpj: '11.222.333/0001-81',
  name: 'METALURGICA CLIENTE LTDA',
  im: '1234567',
  address: { cMun: SAO_PAULO, cep: '04538-133', street: 'AV BRIGADEIRO FARIA LIMA', number: '3477', complement: 'ANDAR 5', district: 'ITAIM BIBI' },
};

let nextNumber = 1;
/** A fresh nDPS per call: the stand-in keeps what it authorised for the whole file. */
export const freshNumber = () => nextNumber++;

export function dpsInput(overrides: Partial<DpsInput> = {}): DpsInput {
  return {
    ambiente: 2,
    // A little in the past, as the worker takes it (E0008).
    dhEmi: new Date(Date.now() - 5_000),
    verAplic: 'Forja_1.0',
    serie: 1,
    nDPS: freshNumber(),
    cLocEmi: SAO_PAULO,
    prestador: ME_EPP,
    tomador: CPF_CUSTOMER,
    servico: { cLocPrestacao: SAO_PAULO, cTribNac: '140101', xDescServ: 'SOLDA E REPARO DE PORTAO DO CLIENTE', cNBS: '120011000' },
    vServ: 35000,
    ...overrides,
  };
}

/** Element paths of an XML string in document order (local names), e.g. "DPS/infDPS/tpAmb". */
export function elementPaths(xml: string, stopAt = 'Signature'): string[] {
  const paths: string[] = [];
  const stack: string[] = [];
  for (const match of xml.matchAll(/<(\/?)([A-Za-z_][\w.-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      stack.pop();
      continue;
    }
    if (name === stopAt) break;
    stack.push(name);
    paths.push(stack.join('/'));
    if (selfClosing) stack.pop();
  }
  return paths;
}
