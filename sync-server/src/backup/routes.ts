/**
 * /api/backups — Configurações › Backups (owner only, issue 41): the backups' status and
 * "Fazer backup agora". Nothing here hands out a backup file: those stay on the office computer.
 */
import type { FastifyInstance } from 'fastify';
import type { BackupsResponse } from '@shared';
import { requireOwner } from '../auth/guard';
import type { BackupService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupService;
  }
}

export function backupsView(service: BackupService): BackupsResponse {
  const s = service.status();
  const { dir, copyDir, passphrase } = service.settings;
  return {
    lastGood: s.lastGood,
    lastFailure: s.lastFailure,
    copy: s.copy,
    kept: service.list(),
    dir,
    copyDir,
    encrypted: passphrase !== null,
    nextRun: service.nextRun()?.toISOString() ?? null,
    running: service.isRunning(),
    since: s.since,
  };
}

export async function backupRoutes(app: FastifyInstance) {
  app.get('/api/backups', { preValidation: requireOwner }, async (_request, reply): Promise<BackupsResponse> => {
    reply.header('cache-control', 'no-store');
    return backupsView(app.backups);
  });

  // Waits for the backup (a few seconds for a small shop): the answer is the new status.
  app.post('/api/backups', { preValidation: requireOwner }, async (_request, reply): Promise<BackupsResponse> => {
    await app.backups.run();
    reply.header('cache-control', 'no-store');
    return backupsView(app.backups);
  });
}
