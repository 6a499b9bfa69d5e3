/**
 * Validation against the official XSDs v1.01 (./xsd, see its README) with xmllint-wasm (libxml2
 * in WebAssembly: no native build on the shop's PC). The server validates what it is about to send,
 * so a mistake shows up as our own error instead of a national rejection.
 */
import { readFile } from 'node:fs/promises';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

export type XsdRoot = 'DPS' | 'pedRegEvento' | 'NFSe' | 'evento';

const ROOT_SCHEMA: Record<XsdRoot, string> = {
  DPS: 'DPS_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  NFSe: 'NFSe_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
};

const SCHEMA_FILES = [
  ...Object.values(ROOT_SCHEMA),
  'tiposComplexos_v1.01.xsd',
  'tiposSimples_v1.01.xsd',
  'tiposEventos_v1.01.xsd',
  'xmldsig-core-schema.xsd',
];

const XSD_DIR = new URL('./xsd/', import.meta.url);

let schemas: Promise<Map<string, string>> | undefined;

function loadSchemas(): Promise<Map<string, string>> {
  // Read once per process; a failed read is not cached, so a later call can try again.
  schemas ??= Promise.all(SCHEMA_FILES.map(async (name) => [name, await readFile(new URL(name, XSD_DIR), 'utf8')] as const))
    .then((entries) => new Map(entries))
    .catch((error: unknown) => {
      schemas = undefined;
      throw error;
    });
  return schemas;
}

export interface XsdResult {
  valid: boolean;
  errors: string[];
}

export async function validateXml(xml: string, root: XsdRoot): Promise<XsdResult> {
  const files = await loadSchemas();
  const rootName = ROOT_SCHEMA[root];
  const preload: XMLFileInfo[] = [...files].filter(([name]) => name !== rootName).map(([fileName, contents]) => ({ fileName, contents }));
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: { fileName: rootName, contents: files.get(rootName)! },
    preload,
  });
  const errors = result.errors.map((e) => e.message.trim());
  return { valid: result.valid && errors.length === 0, errors };
}
