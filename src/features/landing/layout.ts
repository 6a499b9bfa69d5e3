/**
 * Geometry of the floating photo field (spec §9): 160 px × (1 + 0.12 × depth), depths 0–2,
 * travel ≈ 12 s + 1.2 s × index − 2 s × depth, direction alternating by row pair. Pure, so it
 * is unit-tested; the motion itself is CSS keyframes (landing.css).
 */
export const BASE_PHOTO_SIZE = 160;
export const DEPTH_SCALE = 0.12;
export const DEPTHS = 3;
export const PHOTOS_PER_ROW = 3;

export interface PhotoSlot {
  index: number;
  depth: number;
  row: number;
  size: number;
  durationS: number;
  direction: 'right' | 'left';
  /** Negative animation delay (s) so photos start spread across the screen, not in a queue. */
  delayS: number;
  /** Horizontal position (0–1 of the width) used when motion is reduced. */
  restX: number;
  /** Vertical position of the row, 0–1 of the field's height. */
  top: number;
}

export function photoSlot(index: number, total: number): PhotoSlot {
  const depth = index % DEPTHS;
  const row = Math.floor(index / PHOTOS_PER_ROW);
  const rows = Math.max(1, Math.ceil(total / PHOTOS_PER_ROW));
  const col = index % PHOTOS_PER_ROW;
  const size = Math.round(BASE_PHOTO_SIZE * (1 + DEPTH_SCALE * depth));
  const durationS = Math.round((12 + 1.2 * index - 2 * depth) * 10) / 10;
  const direction = Math.floor(row / 2) % 2 === 0 ? 'right' : 'left';
  // Spread the three photos of a row over the loop, shifted per row so columns don't line up.
  const phase = (col / PHOTOS_PER_ROW + (row * 0.17) % 1) % 1;
  const delayS = -Math.round(durationS * phase * 10) / 10;
  const restX = (col + 0.5 + (row % 2 ? 0.25 : -0.25)) / PHOTOS_PER_ROW;
  const top = rows === 1 ? 0.5 : row / (rows - 1);
  return { index, depth, row, size, durationS, direction, delayS, restX, top };
}
