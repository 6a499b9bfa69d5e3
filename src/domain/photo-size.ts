/**
 * The size a photo is reduced to on the device before it is kept or sent (issue 31 §5): the
 * longest side at most `maxSide` (PHOTO_MAX_SIDE, 1600 px), the proportions kept, never enlarged.
 * Pure.
 */
export interface PhotoSize {
  width: number;
  height: number;
}

export function photoTargetSize(width: number, height: number, maxSide: number): PhotoSize {
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return { width: 0, height: 0 };
  const w = Math.round(width);
  const h = Math.round(height);
  const longest = Math.max(w, h);
  if (longest <= maxSide) return { width: Math.max(1, w), height: Math.max(1, h) };
  const scale = maxSide / longest;
  return w >= h
    ? { width: maxSide, height: Math.max(1, Math.round(h * scale)) }
    : { width: Math.max(1, Math.round(w * scale)), height: maxSide };
}

/** Wait before the next try of an upload that failed on the network: 2 s, 4 s, 8 s… up to 60 s. */
export function uploadRetryDelayMs(attempts: number): number {
  const n = Math.max(0, Math.min(attempts, 10));
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, n - 1));
}
