/**
 * Sessions ended by someone else (a member deactivated or their password reset): the live
 * streams of those sessions close at once, so an open app finds out within seconds instead of
 * at the stream's next heartbeat. In-process only; another server process notices at its heartbeat.
 */
import { EventEmitter } from 'node:events';

const events = new EventEmitter();
events.setMaxListeners(0);

export function announceRevokedSessions(sessionIds: readonly string[]): void {
  if (sessionIds.length > 0) events.emit('revoked', new Set(sessionIds));
}

export function onRevokedSessions(listener: (ids: ReadonlySet<string>) => void): () => void {
  events.on('revoked', listener);
  return () => events.off('revoked', listener);
}
