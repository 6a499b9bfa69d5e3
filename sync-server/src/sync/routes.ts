/**
 * Replication routes (RxDB's HTTP pattern), all behind the bearer session guard:
 *   GET  /api/sync/:collection/pull?checkpoint=<json {"seq":n}>&limit=N → {documents, checkpoint}
 *   POST /api/sync/:collection/push  [{assumedMasterState, newDocumentState}] → master docs of
 *        conflicting and refused rows; refusals in the x-forja-rejections header (bounded; when
 *        cut, x-forja-rejections-more says where the rest are)
 *   GET  /api/sync/:collection/rejections?from=&through= → that push's refusals from the store
 *   GET  /api/sync/stream    one text/event-stream per device for every collection
 *   GET  /api/sync/conflicts?limit=N[&collection=c][&doc_id=id] → the conflict log, newest first
 */
import type { FastifyInstance, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import { PUSH_REJECTIONS_HEADER, PUSH_REJECTIONS_MORE_HEADER, type CollectionName } from '@shared';
import type { Database } from '../db/types';
import type {} from '../context';
import { AppError } from '../http/errors';
import { findLiveSession } from '../auth/sessions';
import { onRevokedSessions } from '../auth/session-events';
import { isCollectionName, type SyncedCollection } from '../collections/tables';
import { listConflicts } from './conflict-log';
import { parseCheckpoint, parseLimit, parsePushBody, parseRecordId, PUSH_MAX_ROWS, rejectionHeaders } from './http';
import { pull, PULL_DEFAULT_LIMIT, PULL_MAX_LIMIT, ResyncRequired } from './pull';
import { pushRows, refuseAll, storedDocument } from './push';
import { listPushRejections, pruneRejections, recordMalformed } from './refusals';
import { storedStaffDoc } from './staff-doc';
import { isReadOnly } from './rights';
import { ChangeHub, EventStream, streamSettings } from './stream';
import { schedulePurge } from './tombstones';

export interface SyncRoutesOptions {
  db: Database;
  requireSession: preHandlerHookHandler | preHandlerAsyncHookHandler;
  /** Called after each push (the NFS-e queue wakes when a note is asked). */
  afterPush?: (collection: CollectionName) => void;
}

export const PUSH_ROUTE = '/api/sync/:collection/push';
/** A push of up to PUSH_MAX_ROWS documents; read only for a live session (app.ts). */
export const PUSH_BODY_LIMIT = 5 * 1024 * 1024;

function collectionParam(params: unknown): CollectionName {
  const name = (params as { collection?: string }).collection ?? '';
  if (!isCollectionName(name)) throw new AppError('unknown_collection');
  return name;
}

export async function syncRoutes(app: FastifyInstance, opts: SyncRoutesOptions): Promise<void> {
  const { db } = opts;
  const preHandler = opts.requireSession as preHandlerAsyncHookHandler;
  const hub = new ChangeHub(db);
  const streams = new Set<EventStream>();
  let stopPurge: (() => void) | null = null;

  app.addHook('onReady', async () => {
    stopPurge = schedulePurge(db, (err) => app.log.error({ err }, 'tombstone purge failed'));
  });
  // Open event streams would keep server.close() waiting forever.
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });
  app.addHook('onClose', async () => {
    stopPurge?.();
    await hub.close();
  });

  app.get('/api/sync/:collection/pull', { preHandler }, async (request) => {
    const collection = collectionParam(request.params);
    const q = request.query as Record<string, unknown>;
    const checkpoint = parseCheckpoint(q.checkpoint);
    const limit = parseLimit(q.limit, PULL_DEFAULT_LIMIT, PULL_MAX_LIMIT);
    try {
      return await pull(db, collection, checkpoint, limit);
    } catch (err) {
      if (err instanceof ResyncRequired) throw new AppError('resync_required');
      throw err;
    }
  });

  app.post(PUSH_ROUTE, { preHandler, bodyLimit: PUSH_BODY_LIMIT }, async (request, reply) => {
    const collection = collectionParam(request.params);
    const { rows, malformed } = parsePushBody(request.body);
    const session = request.session!;
    const writer = { userId: session.userId, sessionId: session.sessionId, role: session.role };
    // The company profile is the owner's (issue 17): a staff member's edit is refused like a
    // read-only one, with its own reason, and their device gets the stored profile back.
    const outcome = isReadOnly(collection)
      ? await refuseAll(db, collection, rows, writer, 'read_only_collection', (id) => storedStaffDoc(db, id))
      : collection === 'company' && session.role !== 'owner'
        ? await refuseAll(db, collection, rows, writer, 'owner_only', (id) => storedDocument(db, 'company', id))
        : await pushRows(db, collection as SyncedCollection, rows, writer);
    await recordMalformed(db, collection, malformed, writer, outcome.record);
    opts.afterPush?.(collection);
    const rejections = [...malformed, ...outcome.rejections];
    if (rejections.length > 0) {
      await pruneRejections(db, writer.userId);
      const headers = rejectionHeaders(rejections, outcome.record.range);
      reply.header(PUSH_REJECTIONS_HEADER, headers.rejections);
      if (headers.more) reply.header(PUSH_REJECTIONS_MORE_HEADER, headers.more);
    }
    // The server's own share of the round trip (its change event has left by now): bench:sync
    // splits a live change's time into the network's and the server's with it.
    reply.header('server-timing', `push;dur=${reply.elapsedTime.toFixed(1)}`);
    return outcome.masters;
  });

  // The refusals of one of this device's pushes whose header could not hold them all.
  app.get('/api/sync/:collection/rejections', { preHandler }, async (request) => {
    const collection = collectionParam(request.params);
    const q = request.query as Record<string, unknown>;
    const from = parseRecordId(q.from, 'from');
    const through = parseRecordId(q.through, 'through');
    return listPushRejections(db, request.session!.sessionId, collection, from, through, PUSH_MAX_ROWS);
  });

  app.get('/api/sync/conflicts', { preHandler }, async (request) => {
    const q = request.query as Record<string, unknown>;
    const limit = parseLimit(q.limit, 100, 1000);
    const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 64 ? v : undefined);
    if (q.collection !== undefined && !(typeof q.collection === 'string' && isCollectionName(q.collection))) {
      throw new AppError('unknown_collection');
    }
    return listConflicts(db, limit, { collection: text(q.collection), docId: text(q.doc_id) });
  });

  app.get('/api/sync/stream', { preHandler }, async (request, reply) => {
    const sessionId = request.session!.sessionId;
    const stream = new EventStream(reply.raw);
    const live: { timer?: NodeJS.Timeout; unsubscribe?: () => void } = {};
    let gone = false;
    const cleanup = () => {
      gone = true;
      clearInterval(live.timer);
      live.unsubscribe?.();
      streams.delete(stream);
      stream.end();
    };
    // Listen for the client going away before anything async, so an early hang-up is not missed.
    reply.raw.on('close', cleanup);
    live.unsubscribe = await hub.subscribe((payload) => stream.sendChange(payload));
    reply.hijack();
    if (gone || reply.raw.destroyed) return cleanup();
    streams.add(stream);
    stream.open();
    // Ended by the owner (deactivation, password reset) or from another device: close now.
    const stopWatching = onRevokedSessions((ids) => {
      if (ids.has(sessionId)) cleanup();
    });
    reply.raw.on('close', stopWatching);
    // Heartbeat; a logged-out or revoked session's stream ends at the next one.
    live.timer = setInterval(() => {
      stream.ping();
      findLiveSession(db, sessionId)
        .then((session) => {
          if (!session) cleanup();
        })
        .catch(() => {});
    }, streamSettings.pingIntervalMs);
  });
}
