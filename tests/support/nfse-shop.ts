/**
 * The shop every NFS-e test uses (server, replication, e2e): its Configurações › Fiscal, its A1
 * made by the test CA, and a server whose queue reaches the Sefin Nacional stand-in trusting that CA.
 */
import { DEFAULT_FISCAL_SERVICES, type FiscalSettings } from '../../schemas';
import { createSefinClient } from '../../sync-server/src/nfse/sefin-client';
import type { NfseWorkerOptions } from '../../sync-server/src/nfse/worker';
import { packPfx, type IcpTestCa } from './icp-test-ca';

export const SHOP_CNPJ = '11222333000181';
export const PFX_PASSWORD = 'senha-do-a1';

/** A Simples ME/EPP shop in Belo Horizonte, in produção restrita, série 1. */
export const SHOP_FISCAL: FiscalSettings = {
  cnpj: SHOP_CNPJ,
  legal_name: 'Serralheria Forja Ltda',
  municipal_registration: null,
  city_code: '3106200',
  regime: 'simples',
  sn_apuracao: 1,
  approx_tax_percent: 6,
  serie: 1,
  first_number: 1,
  environment: 2,
  services: DEFAULT_FISCAL_SERVICES.map((s) => ({ ...s })),
  email: null,
  phone: null,
};

/** The shop's A1 as the owner uploads it ({pfx: base64, password}). */
export function certificateUpload(ca: IcpTestCa, cnpj = SHOP_CNPJ, algorithm: '3des' | 'rc2' = '3des') {
  const pfx = packPfx(ca.issueECnpj({ cnpj, name: 'SERRALHERIA FORJA LTDA' }), PFX_PASSWORD, algorithm);
  return { pfx: pfx.toString('base64'), password: PFX_PASSWORD };
}

/** An in-process server's queue at the stand-in, trusting the test CA, quick to retry. */
export function standinQueue(ca: IcpTestCa): Pick<NfseWorkerOptions, 'clientFor' | 'pollMs' | 'retryDelaysMs'> {
  return {
    clientFor: (baseUrl, cert) => createSefinClient({ baseUrl, keyPem: cert.keyPem, certPem: cert.certPem, extraCaPem: [ca.caPem], timeoutMs: 1500 }),
    pollMs: 100,
    retryDelaysMs: [150, 300],
  };
}
