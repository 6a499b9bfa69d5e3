/**
 * Issue 38 §2: Configurações › Fiscal typed key by key (user-event). The CNPJ and the service codes
 * punctuate as typed; a wrong form is refused next to each field and nothing is stored; Produção is
 * asked before it is chosen; one save writes the whole company.fiscal. The A1: a wrong password
 * comes back next to its field and the field is empty again; sent, it shows what the server says
 * of it; offline it says a connection is needed; removed after a question.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_FISCAL_SERVICES, type CompanyDoc, type FiscalCertificateInfo } from '@shared';
import { stubMatchMedia } from '../../support/match-media';

const save = vi.fn();
const upload = vi.fn();
const removeCert = vi.fn();
const toasts: { type: string; description?: string }[] = [];
let company: CompanyDoc | null = null;
let online = true;

vi.mock('../../../src/data/db/company', () => ({
  useCompanyProfile: () => ({ company, loading: false }),
  companyCommands: { save: (...a: unknown[]) => save(...a) },
}));
vi.mock('../../../src/data/db', () => ({ useSyncStatus: () => ({ online }) }));
vi.mock('../../../src/data/nfse-certificate', () => ({
  PFX_MAX_BYTES: 64 * 1024,
  uploadCertificate: (...a: unknown[]) => upload(...a),
  removeCertificate: (...a: unknown[]) => removeCert(...a),
}));
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: (t: { type: string; description?: string }) => toasts.push(t) } }));

const { FiscalTab } = await import('../../../src/features/settings/FiscalTab');
const { OWNER_TABS } = await import('../../../src/features/settings/messages');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const at = '2026-01-01T00:00:00.000Z';
const baseCompany: CompanyDoc = {
  id: 'company', name: 'Serralheria São José', tagline: null, address: '', city: '', phones: [], whatsapp_numbers: [], email: null,
  facebook_url: null, instagram_url: null, opening_hours: '', map_url: null, pix_key: null, warranty_days: null, fiscal: null,
  fiscal_certificate: null, nfse_next_number: null, created_at: at, updated_at: at, client_updated_at: at, created_by: null,
} as CompanyDoc;
const CERT: FiscalCertificateInfo = {
  holder: 'SERRALHERIA SAO JOSE LTDA', cnpj: '11222333000181', issuer: 'AC Raiz Forja Teste (teste)',
  valid_from: '2026-01-01T00:00:00.000Z', valid_until: '2027-03-15T12:00:00.000Z', uploaded_at: '2026-11-20T12:00:00.000Z',
};

async function render(node: React.ReactNode) {
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>{node}</ChakraProvider>,
    );
  });
}
const byText = (text: string) => [...document.querySelectorAll('*')].find((e) => e.childElementCount === 0 && e.textContent === text);
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const input = (label: RegExp) => {
  const l = [...document.querySelectorAll('label')].find((x) => label.test(x.textContent ?? ''));
  return (l ? document.getElementById(l.htmlFor) : null) as HTMLInputElement | null;
};
const labelled = (name: string) => document.querySelector(`[aria-label="${name}"]`) as HTMLElement;
/** The environment shown chosen (the kit marks the item; its hidden native input is not the truth). */
const environmentChosen = () => document.querySelector('[role=radiogroup][aria-label="Ambiente"] [data-part=item][data-state=checked]')?.textContent;
const radio = (text: string) => [...document.querySelectorAll('label')].find((l) => l.textContent === text) as HTMLElement;

// jsdom has none; the services' descriptions grow with their text through one.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;

beforeEach(() => {
  stubMatchMedia();
  save.mockReset();
  upload.mockReset();
  removeCert.mockReset();
  toasts.length = 0;
  company = { ...baseCompany };
  online = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('Configurações › Fiscal', () => {
  it('is the owner’s tab', () => {
    expect(OWNER_TABS).toContain('fiscal');
  });

  it('an empty form is refused field by field; typed right, it is saved whole as company.fiscal', async () => {
    const user = userEvent.setup();
    save.mockResolvedValue(company);
    await render(<FiscalTab />);
    // Starts with the shop's usual services, in Produção restrita.
    expect(field('service-code-0').value).toBe('14.01.01');
    expect(field('service-description-0').value).toBe(DEFAULT_FISCAL_SERVICES[0].description);
    await user.click(button('Salvar dados fiscais')!);
    expect(byText('Informe o CNPJ da empresa.')).toBeTruthy();
    expect(byText('Informe a razão social, como está no CNPJ.')).toBeTruthy();
    expect(byText('Escolha o município da empresa.')).toBeTruthy();
    expect(byText('Escolha o regime tributário.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    const cnpj = field('fiscal-cnpj');
    await user.click(cnpj);
    await user.keyboard('11222333000182');
    expect(cnpj.value).toBe('11.222.333/0001-82');
    await user.type(field('fiscal-legal-name'), 'Serralheria São José Ltda');
    const city = input(/^Município/)!;
    await user.type(city, 'belo horizonte');
    await user.tab();
    expect(city.value).toBe('Belo Horizonte — MG');
    await user.click(radio('Simples Nacional (ME/EPP)'));
    // ME/EPP asks the apuração (1 by default) and the percentage.
    await vi.waitFor(() => expect(field('fiscal-apuracao')?.value).toBe('1'));
    await user.selectOptions(field('fiscal-apuracao'), '2');
    await user.type(field('fiscal-approx-tax'), '6,5');
    // A service typed short, one removed, one added.
    const code1 = field('service-code-1');
    await user.clear(code1);
    await user.type(code1, '1401');
    expect(code1.value).toBe('14.01');
    await user.click(labelled('Remover serviço 14.06.01'));
    await user.click(button('Adicionar serviço')!);
    await user.type(field('service-code-3'), '140201');
    expect(field('service-code-3').value).toBe('14.02.01');
    await user.type(field('service-description-3'), 'Recuperação de peças');
    await user.clear(field('fiscal-next-number'));
    await user.type(field('fiscal-next-number'), '120');
    await user.click(button('Salvar dados fiscais')!);
    expect(byText('CNPJ inválido: confira os dígitos')).toBeTruthy();
    expect(byText('O código tem 6 dígitos, como na lista nacional (ex.: 14.01.01).')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.type(cnpj, '{Backspace}1');
    await user.type(code1, '02');
    // Produção only after the question; cancelled, it stays in testing.
    await user.click(radio('Produção'));
    await vi.waitFor(() => expect(byText('Emitir em produção?')).toBeTruthy());
    await user.click(button('Cancelar')!);
    expect(environmentChosen()).toBe('Produção restrita (testes)');
    await user.click(radio('Produção'));
    await vi.waitFor(() => expect(button('Usar Produção')).toBeTruthy());
    await user.click(button('Usar Produção')!);
    await vi.waitFor(() => expect(environmentChosen()).toBe('Produção'));
    await user.type(field('fiscal-phone'), '(35) 3644-1234');
    await user.click(button('Salvar dados fiscais')!);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({
      fiscal: {
        cnpj: '11222333000181',
        legal_name: 'Serralheria São José Ltda',
        municipal_registration: null,
        city_code: '3106200',
        regime: 'simples',
        sn_apuracao: 2,
        approx_tax_percent: 6.5,
        serie: 1,
        first_number: 120,
        environment: 1,
        services: [
          { code: '140101', description: DEFAULT_FISCAL_SERVICES[0].description },
          { code: '140102', description: DEFAULT_FISCAL_SERVICES[1].description },
          { code: '141302', description: DEFAULT_FISCAL_SERVICES[2].description },
          { code: '140201', description: 'Recuperação de peças' },
        ],
        email: null,
        phone: '(35) 3644-1234',
      },
    });
  }, 120_000);
});

describe('the certificado digital A1', () => {
  const pfx = () => new File([new Uint8Array([48, 130, 1, 2, 3])], 'empresa.pfx', { type: 'application/x-pkcs12' });
  const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

  it('a wrong password comes back next to its field, which is empty again; the right one shows what the server says', async () => {
    const user = userEvent.setup();
    await render(<FiscalTab />);
    expect(byText('Nenhum certificado enviado.')).toBeTruthy();
    await user.click(button('Enviar certificado')!);
    expect(byText('Escolha o arquivo do certificado (.pfx ou .p12).')).toBeTruthy();
    expect(byText('Informe a senha do certificado.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    await user.upload(fileInput(), pfx());
    expect(byText('empresa.pfx')).toBeTruthy();
    const password = field('certificate-password');
    await user.type(password, 'senha errada');
    upload.mockResolvedValueOnce({ ok: false, code: 'certificate_wrong_password', message: 'Senha do certificado incorreta.' });
    await user.click(button('Enviar certificado')!);
    await vi.waitFor(() => expect(byText('Senha do certificado incorreta.')).toBeTruthy());
    expect(upload).toHaveBeenCalledWith(new Uint8Array([48, 130, 1, 2, 3]), 'senha errada');
    expect(password.value).toBe('');

    upload.mockResolvedValueOnce({ ok: true, value: { certificate: CERT } });
    await user.type(password, 'Senh@ certa{Enter}');
    await vi.waitFor(() => expect(byText('SERRALHERIA SAO JOSE LTDA')).toBeTruthy());
    expect(upload).toHaveBeenLastCalledWith(expect.any(Uint8Array), 'Senh@ certa');
    expect(password.value).toBe('');
    expect(byText('11.222.333/0001-81')).toBeTruthy();
    expect(byText('AC Raiz Forja Teste (teste)')).toBeTruthy();
    expect(byText('15/03/2027')).toBeTruthy();
    expect(byText('Senha do certificado incorreta.')).toBeFalsy();
    expect(toasts.at(-1)).toMatchObject({ type: 'success', description: 'Certificado de SERRALHERIA SAO JOSE LTDA enviado, válido até 15/03/2027.' });
  }, 20_000);

  it('other refusals show next to the file', async () => {
    const user = userEvent.setup();
    await render(<FiscalTab />);
    await user.upload(fileInput(), pfx());
    await user.type(field('certificate-password'), 'x');
    upload.mockResolvedValueOnce({ ok: false, code: 'certificate_not_icp', message: 'Este certificado não parece um e-CNPJ ICP-Brasil (não traz o CNPJ da empresa).' });
    await user.click(button('Enviar certificado')!);
    await vi.waitFor(() => expect(byText('Este certificado não parece um e-CNPJ ICP-Brasil (não traz o CNPJ da empresa).')).toBeTruthy());
    const fileField = fileInput().closest('[data-part=root]')!;
    expect(fileField.textContent).toContain('não parece um e-CNPJ');
  });

  it('offline it says the certificate needs a connection, and sends nothing', async () => {
    online = false;
    await render(<FiscalTab />);
    expect(byText('Sem conexão: o certificado é enviado ao servidor, conecte-se para enviar.')).toBeTruthy();
    expect(button('Enviar certificado')!.disabled).toBe(true);
  });

  it('a kept certificate: its data, its warnings, and removing it after a question', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ now: new Date('2027-02-25T12:00:00Z'), toFake: ['Date'] });
    try {
      company = {
        ...baseCompany,
        fiscal_certificate: { ...CERT, cnpj: '99888777000106' },
        fiscal: { ...fiscalOf(), cnpj: '11222333000181' },
      } as CompanyDoc;
      await render(<FiscalTab />);
      expect(byText('O certificado vence em 18 dias: renove com a certificadora.')).toBeTruthy();
      expect(byText('O certificado é de outro CNPJ (99.888.777/0001-06): envie o certificado da empresa (CNPJ 11.222.333/0001-81).')).toBeTruthy();
      expect(button('Enviar outro certificado')).toBeTruthy();
      removeCert.mockResolvedValueOnce({ ok: true, value: undefined });
      await user.click(button('Remover certificado')!);
      await vi.waitFor(() => expect(byText('Remover o certificado?')).toBeTruthy());
      await user.click(button('Remover')!);
      await vi.waitFor(() => expect(byText('Nenhum certificado enviado.')).toBeTruthy());
      expect(removeCert).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

function fiscalOf() {
  return {
    cnpj: '11222333000181', legal_name: 'Serralheria São José Ltda', municipal_registration: null, city_code: '3106200', regime: 'mei' as const,
    sn_apuracao: null, approx_tax_percent: null, serie: 1, first_number: 1, environment: 2 as const, services: [{ code: '140101', description: 'Solda' }],
    email: null, phone: null,
  };
}
