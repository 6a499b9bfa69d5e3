/**
 * Ordens de serviço (issue 31): the rules both sides enforce — the stages and their order, who
 * may move an OS where, when a job is Atrasada, and when its Garantia ends. Pure: the clock is a
 * parameter ('YYYY-MM-DD' shop dates, from shopDate), nothing is stored that these derive.
 *
 * Vocabulary as Map-OS and the shops use it: OS (ordem de serviço), etapas, responsável,
 * previsão de entrega, garantia.
 */

/** The stages in the order the floor moves a job through them; 'cancelada' stands apart. */
export const WORK_ORDER_STAGES = ['aguardando_inicio', 'aguardando_material', 'em_execucao', 'pronto_para_retirada', 'entregue', 'cancelada'] as const;
export type WorkOrderStage = (typeof WORK_ORDER_STAGES)[number];

export const WORK_ORDER_STAGE_LABELS: Record<WorkOrderStage, string> = {
  aguardando_inicio: 'Aguardando início',
  aguardando_material: 'Aguardando material',
  em_execucao: 'Em execução',
  pronto_para_retirada: 'Pronto para retirada',
  entregue: 'Entregue',
  cancelada: 'Cancelada',
};

/** Where a new OS starts. */
export const FIRST_WORK_ORDER_STAGE: WorkOrderStage = 'aguardando_inicio';

/** The consumer code's term for services on durable goods (CDC art. 26, II): 90 days. */
export const DEFAULT_WARRANTY_DAYS = 90;

export function isWorkOrderStage(value: unknown): value is WorkOrderStage {
  return typeof value === 'string' && (WORK_ORDER_STAGES as readonly string[]).includes(value);
}

/** Stages in which the job is still the shop's to finish (a forecast can be missed). */
const OPEN_STAGES: readonly WorkOrderStage[] = ['aguardando_inicio', 'aguardando_material', 'em_execucao'];

export function isOpenStage(stage: WorkOrderStage): boolean {
  return OPEN_STAGES.includes(stage);
}

/**
 * A stage move as stored (insert-only, like the stock ledger): moves made on two offline devices
 * both survive, and the current stage is the latest by the server's order. `seq` is the server's
 * sequence once the move has reached it; a move still on this device has none and counts after
 * every stored one, in the order it was made.
 */
export interface StageMove {
  to: WorkOrderStage;
  /** The device's clock when the move was made (ISO instant). */
  moved_at: string;
  /** The server's order; null while the move has not reached the server. */
  seq: number | null;
}

/** The moves in the order they count: the server's first, then this device's own, oldest first. */
export function orderMoves<M extends StageMove>(moves: readonly M[]): M[] {
  return [...moves].sort((a, b) => {
    if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
    if (a.seq !== null) return -1;
    if (b.seq !== null) return 1;
    return a.moved_at < b.moved_at ? -1 : a.moved_at > b.moved_at ? 1 : 0;
  });
}

/** The current stage: the last move that counts, or the first stage when there is none. */
export function currentStage(moves: readonly StageMove[]): WorkOrderStage {
  const ordered = orderMoves(moves);
  return ordered.length > 0 ? ordered[ordered.length - 1].to : FIRST_WORK_ORDER_STAGE;
}

/**
 * Atrasada: still open and its Previsão de entrega ('YYYY-MM-DD') is before `today` on the shop's
 * calendar. Without a forecast a job is never late; a job ready for pickup, delivered or cancelled
 * is not the shop's delay any more.
 */
export function isWorkOrderLate(stage: WorkOrderStage, forecast: string | null | undefined, today: string): boolean {
  return isOpenStage(stage) && typeof forecast === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(forecast) && today !== '' && forecast < today;
}

/** 'YYYY-MM-DD' + n days (calendar days, no time zone involved). */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/**
 * The last day of the Garantia: `days` calendar days after the delivery's shop date (delivered on
 * 01/03 with 90 days → covered through 30/05). Invalid input gives ''.
 */
export function warrantyEndDate(deliveredOn: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(deliveredOn) || !Number.isInteger(days) || days < 0) return '';
  return addDaysToDate(deliveredOn, days);
}

/** Under warranty on `today`: delivered, and today is not after the warranty's last day. */
export function isUnderWarranty(warrantyEnd: string | null | undefined, today: string): boolean {
  return typeof warrantyEnd === 'string' && warrantyEnd !== '' && today !== '' && today <= warrantyEnd;
}

/** The id of the OS opened from `quotationId`: the same on every device, so two offline openings are one OS. */
export function workOrderIdForQuotation(quotationId: string): string {
  return `os-${quotationId}`;
}

// ---------------------------------------------------------------------------------------------
// History events: what the server accepts (and the device's commands check first)
// ---------------------------------------------------------------------------------------------

export const WORK_ORDER_NOTE_MAX = 1000;

/**
 * The fields of an event that break the rules a schema cannot say: a move names a real stage to
 * go to (and a real one it came from, when known) and has no text; a note has a text that is not
 * blank and no stages. Empty when the event is acceptable.
 */
export function invalidWorkOrderEventFields(e: { kind?: unknown; from_stage?: unknown; to_stage?: unknown; text?: unknown }): string[] {
  const bad: string[] = [];
  if (e.kind === 'move') {
    if (!isWorkOrderStage(e.to_stage)) bad.push('to_stage');
    if (e.from_stage !== null && e.from_stage !== undefined && !isWorkOrderStage(e.from_stage)) bad.push('from_stage');
    if (e.text !== null && e.text !== undefined) bad.push('text');
  } else if (e.kind === 'note') {
    if (typeof e.text !== 'string' || e.text.trim() === '') bad.push('text');
    if ((e.from_stage ?? null) !== null) bad.push('from_stage');
    if ((e.to_stage ?? null) !== null) bad.push('to_stage');
  } else bad.push('kind');
  return bad;
}

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

/** The longest side a device reduces a photo to before keeping or sending it. */
export const PHOTO_MAX_SIDE = 1600;
/** The largest photo the server takes (after the device reduced it). */
export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
/** Photos one OS may have. */
export const PHOTOS_PER_WORK_ORDER_MAX = 30;

/**
 * The image type of `bytes` by their first bytes (magic numbers), never by a name or a declared
 * type: JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A), WebP (RIFF....WEBP). Null otherwise.
 */
export function sniffPhotoType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'image/png';
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'image/webp';
  return null;
}
