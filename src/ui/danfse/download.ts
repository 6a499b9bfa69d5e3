/**
 * 'Baixar DANFSe' (issue 38 §5): the entry the screens import. It is tiny on purpose — the XML
 * reader, jsPDF and the renderer load only when someone asks for the PDF (dynamic imports), so
 * nothing heavy enters the main bundle. Works offline: everything comes from the NFS-e XML the
 * device already holds.
 */
import type { DomParserLike } from '../../domain/nfse/danfse-model';
import { downloadBlob } from '../downloadBlob';

export interface DanfseOptions {
  /** the device holds the cancel event for this note: the page carries the CANCELADA watermark */
  cancelled?: boolean;
  /** defaults to the browser's DOMParser */
  parser?: DomParserLike;
}

/** The DANFSe as PDF bytes and its file name `DANFSe-{nNFSe}-{chave}.pdf`. */
export async function makeDanfse(xml: string, opts: DanfseOptions = {}): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [{ readNfseXml, danfseLayout }, { renderDanfsePdf }] = await Promise.all([
    import('../../domain/nfse/danfse-model'),
    import('./renderDanfsePdf'),
  ]);
  const layout = danfseLayout(readNfseXml(xml, opts.parser ?? new DOMParser()), { cancelled: opts.cancelled ?? false });
  return { bytes: await renderDanfsePdf(layout), fileName: layout.fileName };
}

/** Builds the DANFSe and hands it to the browser as a download; resolves with the file name. */
export async function downloadDanfse(xml: string, opts: DanfseOptions = {}): Promise<string> {
  const { bytes, fileName } = await makeDanfse(xml, opts);
  downloadBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), fileName);
  return fileName;
}
