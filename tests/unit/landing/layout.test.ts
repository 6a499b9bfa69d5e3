import { describe, expect, it } from 'vitest';
import { photoSlot } from '../../../src/features/landing/layout';
import { defaultGallery, normalizeGallery } from '../../../src/features/landing/gallery';
import galleryJson from '../../../public/gallery/gallery.json';

describe('photo field geometry (spec §9)', () => {
  const slots = Array.from({ length: 15 }, (_, i) => photoSlot(i, 15));
  it('uses three depth layers sized 160 px × (1 + 0.12 × depth)', () => {
    expect(new Set(slots.map((s) => s.depth))).toEqual(new Set([0, 1, 2]));
    for (const s of slots) expect(s.size).toBe(Math.round(160 * (1 + 0.12 * s.depth)));
    expect(slots[0].size).toBe(160);
    expect(slots[2].size).toBe(198);
  });
  it('travels for about 12 s + 1.2 s × index − 2 s × depth', () => {
    for (const s of slots) expect(s.durationS).toBeCloseTo(12 + 1.2 * s.index - 2 * s.depth, 5);
  });
  it('alternates direction by row pair', () => {
    const byRow = new Map(slots.map((s) => [s.row, s.direction]));
    expect([...byRow.values()]).toEqual(['right', 'right', 'left', 'left', 'right']);
  });
  it('starts photos at different points of their loop', () => {
    for (const s of slots) expect(s.delayS).toBeLessThanOrEqual(0);
    expect(new Set(slots.map((s) => s.delayS)).size).toBeGreaterThan(5);
  });
});

describe('gallery list', () => {
  it('ships 15 photos with alternating blue/red borders', () => {
    const photos = normalizeGallery(galleryJson);
    expect(photos).toHaveLength(15);
    photos.forEach((p, i) => expect(p.border).toBe(i % 2 === 0 ? 'blue' : 'red'));
    expect(photos.every((p) => p.alt.length > 3 && p.src.startsWith('/gallery/'))).toBe(true);
  });
  it('falls back to the built-in list on a broken file', () => {
    expect(normalizeGallery({ nope: 1 })).toEqual(defaultGallery());
    expect(normalizeGallery([{ src: '/x.webp' }])).toEqual([{ src: '/x.webp', alt: 'Foto de serviço 1', border: 'blue' }]);
  });
});
