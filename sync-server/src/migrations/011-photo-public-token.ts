/**
 * work_order_photos.public_token (issue 31): the customer's address of a marked photo
 * (GET /api/public/photos/:token, photos/routes.ts) is looked up by it — unique, so a token can
 * never name two photos, and indexed, so a page of 30 photos reads 30 rows, not the whole table.
 */
import type { Migration } from './types';

export const m011: Migration = {
  id: '011-photo-public-token',
  async up(tx) {
    await tx.query(
      'CREATE UNIQUE INDEX IF NOT EXISTS work_order_photos_public_token ON work_order_photos (public_token) WHERE public_token IS NOT NULL',
    );
  },
};
