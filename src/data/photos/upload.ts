/**
 * The upload of one queued photo: POST /api/photos/:id with the raw bytes and the bearer token,
 * through XMLHttpRequest — its upload progress events work in Chromium, Firefox and WebKit
 * (a streamed fetch body does not, outside Chromium). A 401 refreshes the session once.
 */
import { ERROR_MESSAGES, type ErrorCode } from '@shared';
import type { PendingPhotoRecord, PhotoUploader, UploadOutcome } from './queue';

export const UPLOAD_NETWORK_MESSAGE = 'Sem conexão com o servidor. A foto será enviada quando a conexão voltar.';
export const UPLOAD_SERVER_MESSAGE = 'O servidor não respondeu como esperado. Nova tentativa em instantes.';

export interface XhrUploaderOptions {
  baseUrl?: string;
  getToken: () => string | null;
  /** Resolves true when a new token is available after a 401. */
  refresh: () => Promise<boolean>;
  createXhr?: () => XMLHttpRequest;
}

export function photoUploadPath(p: Pick<PendingPhotoRecord, 'id' | 'work_order_id' | 'width' | 'height' | 'taken_at'>): string {
  const q = new URLSearchParams({ work_order_id: p.work_order_id, width: String(p.width), height: String(p.height), taken_at: p.taken_at });
  return `/api/photos/${encodeURIComponent(p.id)}?${q.toString()}`;
}

type Answer = { status: number; body: string } | null;

function send(opts: XhrUploaderOptions, photo: PendingPhotoRecord, onProgress: (f: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = opts.createXhr ? opts.createXhr() : new XMLHttpRequest();
    xhr.open('POST', `${opts.baseUrl ?? ''}${photoUploadPath(photo)}`);
    const token = opts.getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', photo.mime);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => resolve(null);
    xhr.ontimeout = () => resolve(null);
    xhr.send(new Blob([photo.bytes], { type: photo.mime }));
  });
}

function refusal(status: number, body: string): UploadOutcome {
  let code = 'unexpected';
  let message = '';
  try {
    const parsed = JSON.parse(body) as { error?: string; message?: string };
    code = parsed.error ?? code;
    message = parsed.message ?? '';
  } catch {
    /* not JSON */
  }
  if (!message) message = ERROR_MESSAGES[code as ErrorCode] ?? ERROR_MESSAGES.internal;
  // The server or a proxy failing (5xx) is not a judgement on the photo: try again later.
  if (status >= 500 || status === 408 || status === 429) return { ok: false, kind: 'network', message: UPLOAD_SERVER_MESSAGE };
  return { ok: false, kind: 'refused', code, message };
}

export function createXhrUploader(opts: XhrUploaderOptions): PhotoUploader {
  return async (photo, onProgress) => {
    let answer = await send(opts, photo, onProgress);
    if (answer?.status === 401 && (await opts.refresh())) answer = await send(opts, photo, onProgress);
    if (!answer || answer.status === 0) return { ok: false, kind: 'network', message: UPLOAD_NETWORK_MESSAGE };
    if (answer.status === 401) return { ok: false, kind: 'network', message: ERROR_MESSAGES.unauthorized ?? UPLOAD_NETWORK_MESSAGE };
    if (answer.status >= 200 && answer.status < 300) {
      try {
        onProgress(1);
        return { ok: true, document: JSON.parse(answer.body) as Record<string, unknown> };
      } catch {
        return { ok: false, kind: 'network', message: UPLOAD_SERVER_MESSAGE };
      }
    }
    return refusal(answer.status, answer.body);
  };
}
