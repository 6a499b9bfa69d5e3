/**
 * API error codes and their pt-BR messages. The server answers `{error, message}` with one of
 * these codes; the sync-server maps each code to an HTTP status in one place.
 */
export const ERROR_MESSAGES = {
  invalid_request: 'Requisição inválida. Verifique os dados enviados.',
  payload_too_large: 'O corpo da requisição é grande demais.',
  invalid_credentials: 'Email ou senha incorretos',
  session_limit:
    'Limite de sessões atingido — Você já está logado em 3 dispositivos diferentes. Por favor, faça logout em um deles para continuar.',
  rate_limited: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  unauthorized: 'Sessão expirada ou inválida. Entre novamente.',
  password_change_required: 'Altere sua senha antes de continuar.',
  weak_password: 'A senha não atende aos requisitos mínimos',
  // Changing a password outside the first access (issue 30): a stolen access token is not enough.
  current_password_required: 'Informe sua senha atual para definir uma nova.',
  wrong_current_password: 'A senha atual está incorreta.',
  forbidden: 'Você não tem permissão para esta ação.',
  not_found: 'Orçamento não encontrado. Verifique se o código está correto.',
  invalid_code: 'Código do orçamento inválido ou não fornecido',
  unknown_collection: 'Coleção desconhecida.',
  resync_required: 'Este dispositivo ficou muito tempo sem sincronizar e precisa baixar os dados novamente.',
  // Reasons a pushed document is refused (shown to the user next to the document).
  invalid_document: 'Documento inválido.',
  duplicate_phone: 'Este telefone já está cadastrado para outro cliente',
  duplicate_code: 'Já existe um orçamento com este código.',
  duplicate_catalog_name: 'Já existe um item com este nome neste cadastro.',
  duplicate_quotation_entry: 'Este orçamento já foi lançado no caixa.',
  catalog_in_use: 'Este cadastro está em uso por itens do estoque e não pode ser excluído.',
  insert_only: 'Movimentações de estoque não podem ser alteradas nem excluídas.',
  read_only_collection: 'Estes dados não podem ser alterados pelo aplicativo.',
  missing_reference: 'Um registro relacionado não existe mais.',
  internal: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
  // Team and roles (issue 17).
  owner_only: 'Apenas o dono da oficina pode fazer isto.',
  account_deactivated: 'Esta conta foi desativada. Fale com o dono da oficina para reativá-la.',
  last_owner: 'A oficina precisa de pelo menos um dono ativo. Torne outra pessoa dona antes de mudar esta conta.',
  duplicate_email: 'Já existe uma conta com este e-mail.',
  member_not_found: 'Membro da equipe não encontrado.',
  // The customer's decision on the public page (issue 17).
  quotation_expired:
    'Este orçamento está vencido e não pode mais ser aceito. Fale com a oficina para renovar a validade.',
  quotation_already_decided:
    'Este orçamento já foi respondido. Para mudar a decisão, fale com a oficina.',
  // Opening a quotation by its bare code (issue 30): the links staff send carry a secret instead.
  quotation_phone_required: 'Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.',
  // Wrong digits, or no quotation with that code: the same answer, so a guess learns nothing.
  quotation_phone_mismatch:
    'O código ou os dígitos do telefone não conferem. Confira e tente novamente — ou abra o link completo que a oficina enviou.',
  // A decision form posted from another site (issue 30).
  cross_site_decision:
    'Por segurança, a decisão só vale quando feita na própria página do orçamento. Abra o link do orçamento e escolha Aceitar ou Recusar por lá.',
  // Ordens de serviço (issue 31).
  duplicate_work_order: 'Este orçamento já tem uma ordem de serviço.',
  invalid_stage: 'Etapa inválida para a ordem de serviço.',
  work_order_not_found: 'Ordem de serviço não encontrada.',
  history_insert_only: 'O histórico da ordem de serviço não pode ser alterado nem excluído.',
  photo_type: 'A foto precisa ser uma imagem JPEG, PNG ou WebP.',
  photo_too_large: 'A foto é grande demais (máximo de 3 MB).',
  // Read from the image's own header (issue 40 §3): the app reduces every photo to PHOTO_MAX_SIDE.
  photo_dimensions: 'A foto passa de 1600 pixels de largura ou de altura, o máximo aceito. Escolha a foto de novo pelo aplicativo, que a reduz.',
  photo_limit: 'Esta ordem de serviço já tem 30 fotos, o máximo permitido. Exclua uma para enviar outra.',
  photo_upload_only: 'Fotos só podem ser adicionadas pelo envio da própria foto.',
  photo_not_found: 'Foto não encontrada.',
  // A required text that is only spaces (issue 19): refused by the server as the forms refuse it.
  blank_required_field: 'Preencha os campos obrigatórios: eles não podem ficar em branco.',
  // A customer's fiscal data (issue 38): refused by the server as the form refuses it.
  invalid_tax_id: 'CPF/CNPJ inválido: confira os dígitos.',
  invalid_cep: 'CEP deve ter 8 dígitos.',
  invalid_municipio: 'Município não encontrado na lista do IBGE: escolha o município na lista.',
  // NFS-e (issue 38).
  nfse_duplicate: 'Este serviço já tem uma NFS-e. Uma nova nota só depois de cancelar a atual.',
  nfse_server_fields: 'O número, a chave e a situação da NFS-e são dados pelo servidor.',
  nfse_transition: 'Esta mudança não é possível na situação atual da NFS-e.',
  nfse_cancel_reason: 'Informe o motivo do cancelamento (de 15 a 255 caracteres).',
  nfse_not_configured: 'Configure a nota fiscal em Configurações › Fiscal antes de emitir.',
  certificate_required: 'Envie o arquivo do certificado digital A1 (.pfx ou .p12) e a senha.',
  certificate_unreadable: 'Este arquivo não é um certificado A1 (.pfx ou .p12) que possa ser lido.',
  certificate_wrong_password: 'Senha do certificado incorreta.',
  certificate_expired: 'Este certificado está vencido. Renove-o com a autoridade certificadora e envie o novo.',
  certificate_not_yet_valid: 'Este certificado ainda não começou a valer. Confira a data e a hora do computador.',
  certificate_not_icp: 'Este certificado não parece um e-CNPJ ICP-Brasil (não traz o CNPJ da empresa).',
  certificate_no_key: 'O arquivo não traz a chave privada do certificado: exporte-o de novo com a chave.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export interface ApiError {
  error: ErrorCode;
  message: string;
  /** Optional details, e.g. which fields failed validation. */
  details?: unknown;
}

export function apiError(code: ErrorCode, message?: string, details?: unknown): ApiError {
  return { error: code, message: message ?? ERROR_MESSAGES[code], ...(details === undefined ? {} : { details }) };
}

/**
 * The pt-BR text of each fiscal-field code (schemas/tax-id.ts, schemas/municipios.ts): shown next
 * to the field in the customer form and in the refusal of a pushed document.
 */
export const FISCAL_FIELD_MESSAGES = {
  tax_id_length: 'CPF/CNPJ deve ter 11 dígitos (CPF) ou 14 caracteres (CNPJ)',
  cpf_check_digits: 'CPF inválido: confira os dígitos',
  cnpj_check_digits: 'CNPJ inválido: confira os dígitos',
  cep_length: 'CEP deve ter 8 dígitos',
  municipio_unknown: 'Escolha o município na lista',
} as const;

export type FiscalFieldProblem = keyof typeof FISCAL_FIELD_MESSAGES;
