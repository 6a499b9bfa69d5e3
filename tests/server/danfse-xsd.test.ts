/**
 * The DANFSe samples are real NFS-e documents: each validates against the official NFSe_v1.01.xsd
 * (xmllint-wasm, libxml2 without a native build). The XSDs are read from the server's copy when it
 * exists (sync-server/src/nfse/xsd/), else from the research folder beside the repo.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { SAMPLE_CNPJ, SAMPLE_CPF, SAMPLE_LONG, SAMPLE_NO_TOMADOR } from '../support/nfse-samples';

const root = resolve(__dirname, '../..');
const xsdDir = [join(root, 'sync-server/src/nfse/xsd'), join(root, '../shared/research/nfse-xsd-v1.01')].find((d) =>
  existsSync(join(d, 'NFSe_v1.01.xsd')),
);

describe.skipIf(!xsdDir)('NFS-e samples against NFSe_v1.01.xsd', () => {
  const files = xsdDir ? readdirSync(xsdDir).filter((f) => f.endsWith('.xsd')) : [];
  const preload = files.map((fileName) => ({ fileName, contents: readFileSync(join(xsdDir!, fileName), 'utf8') }));
  const main = preload.find((f) => f.fileName === 'NFSe_v1.01.xsd')!;

  it.each([
    ['CPF tomador, produção restrita', SAMPLE_CPF],
    ['CNPJ tomador, produção', SAMPLE_CNPJ],
    ['no tomador (MEI)', SAMPLE_NO_TOMADOR],
    ['2,000-character description', SAMPLE_LONG],
  ])('%s validates', async (_name, sample) => {
    const result = await validateXML({ xml: [{ fileName: 'nfse.xml', contents: sample.xml }], schema: [main], preload });
    expect(result.errors.map((e) => e.message)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('rejects a broken one (the check really runs the schema)', async () => {
    const broken = SAMPLE_CPF.xml.replace('<xNome>SERRALHERIA FORJA LTDA</xNome>', '');
    const result = await validateXML({ xml: [{ fileName: 'nfse.xml', contents: broken }], schema: [main], preload });
    expect(result.valid).toBe(false);
  });
});
