/**
 * The one place that maps API error codes (schemas/errors.ts) to HTTP statuses, plus the
 * Fastify error handler: bad input is always a 400 with a pt-BR message, never a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, apiError, type ErrorCode } from '@shared';
import { applySecurityHeaders } from './security-headers';

export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  payload_too_large: 413,
  invalid_credentials: 401,
  session_limit: 409,
  rate_limited: 429,
  unauthorized: 401,
  password_change_required: 403,
  weak_password: 422,
  current_password_required: 422,
  // Not 401: the session is fine (a 401 would make the app refresh it and try again).
  wrong_current_password: 403,
  forbidden: 403,
  not_found: 404,
  invalid_code: 400,
  unknown_collection: 404,
  resync_required: 409,
  invalid_document: 422,
  duplicate_phone: 409,
  duplicate_code: 409,
  duplicate_quotation_entry: 409,
  duplicate_catalog_name: 409,
  catalog_in_use: 409,
  insert_only: 409,
  read_only_collection: 403,
  missing_reference: 409,
  internal: 500,
  owner_only: 403,
  account_deactivated: 403,
  last_owner: 409,
  duplicate_email: 409,
  member_not_found: 404,
  quotation_expired: 409,
  quotation_already_decided: 409,
  quotation_phone_required: 403,
  quotation_phone_mismatch: 403,
  cross_site_decision: 403,
  blank_required_field: 422,
  duplicate_work_order: 409,
  invalid_stage: 422,
  work_order_not_found: 404,
  history_insert_only: 409,
  photo_type: 415,
  photo_too_large: 413,
  photo_dimensions: 422,
  photo_limit: 409,
  photo_upload_only: 409,
  photo_not_found: 404,
  invalid_tax_id: 422,
  invalid_cep: 422,
  invalid_municipio: 422,
  nfse_duplicate: 409,
  nfse_server_fields: 409,
  nfse_transition: 409,
  nfse_cancel_reason: 422,
  nfse_not_configured: 409,
  certificate_required: 422,
  certificate_unreadable: 422,
  certificate_wrong_password: 422,
  certificate_expired: 422,
  certificate_not_yet_valid: 422,
  certificate_not_icp: 422,
  certificate_no_key: 422,
};

export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as Retry-After (a rate_limited answer says when to come back). */
  retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/** Sends `{error, message[, details]}` with the code's status. */
export function sendError(reply: FastifyReply, code: ErrorCode, message?: string, details?: unknown) {
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(apiError(code, message, details));
}

/** pt-BR description of a Fastify/ajv validation failure. */
function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return ERROR_MESSAGES.invalid_request;
  const where = err.validationContext === 'querystring' ? 'parâmetro' : err.validationContext === 'params' ? 'endereço' : 'campo';
  const field =
    (first.params as { missingProperty?: string }).missingProperty ??
    first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (first.keyword) {
    case 'required':
      return `O ${where} "${field}" é obrigatório.`;
    case 'type':
      return field ? `O ${where} "${field}" tem um tipo inválido.` : 'O corpo da requisição deve ser um objeto JSON.';
    case 'minLength':
      return `O ${where} "${field}" não pode ficar vazio.`;
    case 'maxLength':
      return `O ${where} "${field}" é longo demais.`;
    case 'additionalProperties':
      return `O ${where} "${(first.params as { additionalProperty?: string }).additionalProperty}" não é aceito.`;
    default:
      return field ? `O ${where} "${field}" é inválido.` : ERROR_MESSAGES.invalid_request;
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.code, error.message, error.details);
    }
    const fe = error as FastifyError;
    if (fe.validation) return sendError(reply, 'invalid_request', validationMessage(fe));
    // Malformed JSON, wrong content type, empty body with JSON content type, too large, bad URL…
    const status = fe.statusCode ?? 500;
    if (status === 429) return sendError(reply, 'rate_limited');
    if (status === 413) return sendError(reply, 'payload_too_large');
    if (status === 415) return sendError(reply, 'invalid_request', 'Envie o corpo da requisição como JSON.');
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe instanceof SyntaxError) {
      return sendError(reply, 'invalid_request', 'O corpo da requisição não é um JSON válido.');
    }
    if (status >= 400 && status < 500) return sendError(reply, status === 404 ? 'not_found' : 'invalid_request', status === 404 ? 'Recurso não encontrado.' : undefined);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'internal');
  });
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot even decode (FST_ERR_BAD_URL, e.g. `GET /%`) or a
 * path parameter over maxParamLength is answered before any hook runs — so helmet's headers are
 * set here, and the answer is the usual pt-BR `{error, message}`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request.raw, reply.raw);
  if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 'invalid_request', 'Endereço inválido.');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).type('application/json; charset=utf-8').send(apiError('invalid_request', 'Endereço longo demais.'));
  }
  request.log.error({ err: error }, 'framework error');
  return sendError(reply, 'internal');
}
