/**
 * Refusals of the NFS-e core as a code (stable, for the worker and the UI) plus a pt-BR message a
 * shop owner can act on. Rejections by Sefin Nacional itself are not thrown: they come back as
 * data (sefin-client.ts) and their help text lives in schemas/nfse-rejections.ts.
 */
export const NFSE_ERROR_MESSAGES = {
  certificate_unreadable:
    'Não foi possível ler o certificado. Envie o arquivo .pfx ou .p12 do certificado A1 da empresa.',
  certificate_wrong_password: 'A senha do certificado está incorreta.',
  certificate_expired: 'O certificado digital está vencido. Renove o certificado A1 com a certificadora.',
  certificate_not_yet_valid: 'O certificado digital ainda não começou a valer. Confira a data e a hora do computador.',
  certificate_not_icp:
    'Este certificado não parece ser um e-CNPJ ICP-Brasil (não traz o CNPJ da empresa). Use o certificado A1 da empresa.',
  certificate_no_key: 'O arquivo do certificado não contém a chave privada. Exporte o .pfx novamente incluindo a chave.',
  dps_invalid: 'Os dados da nota estão incompletos ou inválidos.',
  cancel_invalid: 'O pedido de cancelamento está incompleto ou inválido.',
  xml_invalid: 'O XML não pôde ser lido.',
  signature_failed: 'Não foi possível assinar o documento com o certificado.',
} as const;

export type NfseErrorCode = keyof typeof NFSE_ERROR_MESSAGES;

export class NfseError extends Error {
  readonly code: NfseErrorCode;
  /** What exactly was wrong (field, value), for logs and the detail line under the message. */
  readonly detail?: string;

  constructor(code: NfseErrorCode, detail?: string) {
    super(detail ? `${NFSE_ERROR_MESSAGES[code]} (${detail})` : NFSE_ERROR_MESSAGES[code]);
    this.name = 'NfseError';
    this.code = code;
    this.detail = detail;
  }
}
