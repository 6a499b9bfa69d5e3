/**
 * Issue 38 §2: the dashboard warns the owner — only the owner — when the A1 certificate expires
 * within 30 days, has expired or is of another CNPJ, with the way to Configurações › Fiscal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { CompanyDoc, FiscalCertificateInfo, FiscalSettings } from '@shared';

let company: CompanyDoc | null = null;
let role: 'owner' | 'staff' = 'owner';
vi.mock('../../../src/data/db/company', () => ({ useCompanyProfile: () => ({ company, loading: false }) }));
vi.mock('../../../src/data/db', () => ({ useMyRole: () => role }));

const { CertificateNotice } = await import('../../../src/features/settings');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CERT: FiscalCertificateInfo = {
  holder: 'SERRALHERIA SAO JOSE LTDA', cnpj: '11222333000181', issuer: 'AC Raiz Forja Teste (teste)',
  valid_from: '2026-01-01T00:00:00.000Z', valid_until: '2027-03-15T12:00:00.000Z', uploaded_at: '2026-11-20T12:00:00.000Z',
};
const FISCAL: FiscalSettings = {
  cnpj: '11222333000181', legal_name: 'Serralheria São José Ltda', municipal_registration: null, city_code: '3106200', regime: 'mei',
  sn_apuracao: null, approx_tax_percent: null, serie: 1, first_number: 1, environment: 2, services: [{ code: '140101', description: 'Solda' }],
  email: null, phone: null,
};
const withCert = (cert: FiscalCertificateInfo) => ({ id: 'company', name: 'Serralheria', fiscal: FISCAL, fiscal_certificate: cert }) as unknown as CompanyDoc;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  role = 'owner';
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});
async function render(now: Date) {
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <CertificateNotice now={now} />
        </MemoryRouter>
      </ChakraProvider>,
    );
  });
}
const notice = () => document.querySelector('[data-testid=certificate-notice]');

describe('the dashboard notice', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  it('the owner sees a certificate about to expire, with the way to Configurações › Fiscal', async () => {
    company = withCert(CERT);
    await render(now);
    expect(notice()!.textContent).toContain('O certificado vence em 14 dias: renove com a certificadora.');
    expect(notice()!.querySelector('a')!.getAttribute('href')).toBe('/adm/settings?tab=fiscal');
  });
  it('an expired certificate, or one of another CNPJ, is said too', async () => {
    company = withCert({ ...CERT, cnpj: '99888777000106' });
    await render(new Date('2027-03-16T12:00:00Z'));
    expect(notice()!.textContent).toContain('O certificado digital venceu em 15/03/2027');
    expect(notice()!.textContent).toContain('O certificado é de outro CNPJ (99.888.777/0001-06)');
  });
  it('staff never see it; nothing for a certificate far from expiring', async () => {
    company = withCert(CERT);
    role = 'staff';
    await render(now);
    expect(notice()).toBeNull();
    role = 'owner';
    await render(new Date('2026-12-01T12:00:00Z'));
    expect(notice()).toBeNull();
  });
});
