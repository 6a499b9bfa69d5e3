/** 'Baixar DANFSe' in the browser path: the default DOMParser, jsPDF loaded on demand, a PDF handed to a download link. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadDanfse } from '../../../src/ui/danfse/download';
import { SAMPLE_CPF } from '../../support/nfse-samples';

afterEach(() => vi.restoreAllMocks());

describe('downloadDanfse', () => {
  it('downloads DANFSe-{nNFSe}-{chave}.pdf made from the XML alone', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:danfse';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const name = await downloadDanfse(SAMPLE_CPF.xml, { cancelled: false });
    expect(name).toBe(`DANFSe-17-${SAMPLE_CPF.chave}.pdf`);
    expect(click).toHaveBeenCalledOnce();
    expect(created[0].type).toBe('application/pdf');
    const head = new TextDecoder().decode(new Uint8Array(await created[0].arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });
});
