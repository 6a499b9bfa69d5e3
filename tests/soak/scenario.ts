/**
 * One soak run = one seed: a short random scenario on fresh documents by 2–3 devices
 * (creates, edits and deletes of customers and stock items, insert-only stock movements;
 * devices going offline and online; lost push answers, old pushes arriving late; clock skew;
 * sometimes the server SIGKILLed mid-push or mid-pull), then heal and check.
 *
 * Checks after the heal (all devices online, server up):
 * - converged: every device of the run holds exactly the server's live documents of the run,
 *   with nothing pending, within 10 s (measured: time to converge);
 * - nothing lost: every document not refused by the server (with a reason) is on the server,
 *   live unless someone deleted it; every movement is there once, and each item's quantity
 *   (sum of its movements) is the sum of the deltas the devices wrote;
 * - no edit lost: a field only one device edited ends with that device's last value (the
 *   server merges per field); a field several devices edited ends with one of their values;
 * - ordens de serviço (issue 31): counter OS opened, moved and noted by several devices, often
 *   offline, through the app's commands — every OS's history on the server is exactly the moves
 *   and notes the devices wrote (none lost, none changed, none extra), and every device's current
 *   stage is the latest move in the server's order.
 */
import { deepEqual, WORK_ORDER_STAGES, FIRST_WORK_ORDER_STAGE, type CollectionName, type WorkOrderDoc, type WorkOrderEventDoc, type WorkOrderStage } from '@shared';
import { createWorkOrderCommands } from '../../src/data/db/work-orders';
import { workOrderState } from '../../src/domain/work-orders';
import { insertDocument, patchDocument, removeDocument } from '../../src/data/db/writes';
import { sameDocumentState } from '../../src/data/db/equality';
import { realNow, withClock } from './clock';
import type { Checker, ServerDoc } from './checker';
import type { KillTrap, SoakClient } from './client';
import { traceOf as traceAll } from '../support/sync-trace';
import type { SoakServer } from './server';

export const CONVERGE_LIMIT_MS = 10_000;
/** Past the limit the run has failed; it waits a little longer to tell "slow" from "stalled"/"diverged". */
const GIVE_UP_MS = 12_000;

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RunEnv {
  server: SoakServer;
  checker: Checker;
  lease(n: number): Promise<{ clients: SoakClient[]; release(): void }>;
  /** Probability that the run kills the server once. */
  killRate: number;
  /** Largest clock skew of a device, ± (ms). */
  maxSkewMs: number;
  /** Ordinal of the run in its worker: keeps phones unique when one seed is replayed several times. */
  attempt: number;
}

export interface RunResult {
  seed: number;
  ok: boolean;
  error: string | null;
  /** What kind of failure: slow (converged after 10 s), stall, diverged, lost write, lost edit, error. */
  failure: 'slow' | 'stall' | 'diverged' | 'lost write' | 'lost edit' | 'error' | null;
  log: string[];
  /** From the heal until every device equals the server with nothing pending; null if never. */
  convergeMs: number | null;
  stalled: boolean;
  /** The planned kill: did its request happen, was the server killed (not skipped), was the answer still out? */
  kill: { kind: 'push' | 'pull'; fired: boolean; done: boolean; inFlight: boolean } | null;
  writes: number;
  refused: number;
  replays: number;
  drops: number;
  skewed: number;
}

type Col = 'customers' | 'stock_items' | 'stock_movements' | 'work_orders' | 'work_order_events';
const COLS: Col[] = ['customers', 'stock_items', 'stock_movements', 'work_orders', 'work_order_events'];
const DOC_NAMED = /(?:customers|stock_items|stock_movements|work_orders|work_order_events|movement|stock item|OS|event) ([0-9a-f]{8})/;
type FieldLog = { writers: Set<number>; last: Map<number, unknown>; values: unknown[] };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const short = (id: string) => id.slice(0, 8);

export async function runScenario(seed: number, env: RunEnv): Promise<RunResult> {
  const rnd = mulberry32(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const log: string[] = [];
  const t = () => `${String(realNow() - started).padStart(5)}ms`;
  const started = realNow();
  const say = (line: string) => log.push(`${t()} ${line}`);

  // Everything the scenario decides up front, consumed in a fixed order (replays match).
  const nClients = rnd() < 0.5 ? 2 : 3;
  const nSteps = 8 + int(17);
  const skews = Array.from({ length: nClients }, () => (rnd() < 0.4 ? 0 : Math.round((rnd() * 2 - 1) * env.maxSkewMs)));
  const k = { r: rnd(), step: int(nSteps), kind: (rnd() < 0.5 ? 'push' : 'pull') as 'push' | 'pull', delayMs: int(12), downMs: int(1500) };
  const killPlan = k.r < env.killRate ? k : null;

  const result: RunResult = {
    seed, ok: false, error: null, failure: null, log, convergeMs: null, stalled: false, kill: null,
    writes: 0, refused: 0, replays: 0, drops: 0, skewed: skews.filter((s) => s !== 0).length,
  };
  const { clients, release } = await env.lease(nClients);
  const label = (i: number) => `${String.fromCharCode(65 + i)}(${clients[i].label})`;
  let releaseHold: (() => void) | null = null;
  const traps: KillTrap[] = [];
  try {
    clients.forEach((c, i) => {
      c.resetRun();
      c.skewMs = skews[i];
      if (!c.online) c.setOnline(true);
    });
    say(`seed ${seed}: ${nClients} devices, ${nSteps} steps, clock skew ${skews.map((s) => `${s > 0 ? '+' : ''}${(s / 1000).toFixed(1)}s`).join(' ')}${killPlan ? `, kill mid-${killPlan.kind} at step ${killPlan.step}` : ''}`);
    const startCp = await env.checker.tail();

    const docs = new Map<string, { c: Col; by: number; init: Record<string, unknown> }>();
    const ids = (c: Col) => [...docs].filter(([, d]) => d.c === c).map(([id]) => id);
    const fields = new Map<string, Map<string, FieldLog>>();
    const deleted = new Set<string>();
    const movements = new Map<string, { item: string; delta: number }>();
    const phones: string[] = [];
    /** Every OS history event a device wrote: its OS and what it says. */
    const events = new Map<string, { order: string; kind: string; to: string | null; text: string | null }>();
    const noteField = (id: string, ci: number, f: string, v: unknown) => {
      const byField = fields.get(id) ?? new Map<string, FieldLog>();
      fields.set(id, byField);
      const fl = byField.get(f) ?? { writers: new Set<number>(), last: new Map<number, unknown>(), values: [] };
      byField.set(f, fl);
      fl.writers.add(ci);
      fl.last.set(ci, v);
      fl.values.push(v);
    };
    const liveOn = async (ci: number, c: Col) => [...(await clients[ci].docs(c, ids(c))).keys()];
    const write = <T>(ci: number, fn: () => Promise<T>) => withClock(clients[ci].skewMs, fn);
    const hasOs = clients.every((c) => c.collections.includes('work_orders'));
    const hasStock = clients.every((c) => c.collections.includes('stock_items'));
    /** The history events of `order` on device ci. */
    const eventsOn = async (ci: number, order: string) =>
      (await clients[ci].fdb.db.work_order_events.find({ selector: { work_order_id: order } }).exec()).map((d) => d.toJSON() as WorkOrderEventDoc);
    /** Open a counter OS, move one to another stage, or note on one — through the app's commands. */
    const workOrderStep = async (ci: number, kind: number, step: number) => {
      const who = label(ci);
      const commands = createWorkOrderCommands(async () => clients[ci].fdb);
      const live = await liveOn(ci, 'work_orders');
      if (kind === 0 || live.length === 0) {
        const doc = await write(ci, () => commands.createCounter({ customer_id: null, description: `OS ${seed}-${step}`, total_amount: int(2000) }));
        docs.set(doc.id, { c: 'work_orders', by: ci, init: {} });
        result.writes++;
        say(`${step}: ${who} open OS ${short(doc.id)} (${doc.code})`);
        return;
      }
      const order = live[int(live.length)];
      const before = new Set((await eventsOn(ci, order)).map((e) => e.id));
      let what: string;
      if (kind === 1) {
        const doc = (await clients[ci].fdb.db.work_orders.findOne(order).exec())!.toJSON() as WorkOrderDoc;
        const now = workOrderState(doc, await eventsOn(ci, order), '').stage;
        const others = WORK_ORDER_STAGES.filter((s) => s !== now);
        const to = others[int(others.length)];
        await write(ci, () => commands.moveStage(order, to));
        what = `move OS ${short(order)} ${now} → ${to}`;
        if (to === 'entregue') {
          const after = (await clients[ci].fdb.db.work_orders.findOne(order).exec())!.toJSON() as WorkOrderDoc;
          noteField(order, ci, 'warranty_until', after.warranty_until ?? null);
        }
      } else {
        const text = `nota ${who}${step}`;
        await write(ci, () => commands.addNote(order, text));
        what = `note on OS ${short(order)}: ${text}`;
      }
      const added = (await eventsOn(ci, order)).filter((e) => !before.has(e.id));
      for (const e of added) {
        docs.set(e.id, { c: 'work_order_events', by: ci, init: {} });
        events.set(e.id, { order, kind: e.kind, to: e.to_stage ?? null, text: e.text ?? null });
      }
      result.writes++;
      say(`${step}: ${who} ${what}${added[0] ? ` (${short(added[0].id)})` : ''}`);
    };

    for (let step = 0; step < nSteps; step++) {
      if (killPlan && step === killPlan.step) {
        const ci = int(nClients);
        const trap: KillTrap = {
          kind: killPlan.kind,
          delayMs: killPlan.delayMs,
          downMs: killPlan.downMs,
          onFire: () => say(`  server SIGKILL ${trap.fired?.killed ? 'done' : 'skipped (another run is measuring)'} ${killPlan.delayMs} ms into ${label(ci)}'s ${killPlan.kind}${trap.fired?.answeredFirst ? ' (its answer had arrived)' : ' (in flight)'}; down ${killPlan.downMs} ms + start`),
        };
        traps.push(trap);
        if (!clients[ci].online) clients[ci].setOnline(true);
        clients[ci].killOnNext(trap);
        say(`${step}: arm kill on ${label(ci)}'s next ${killPlan.kind}`);
        if (killPlan.kind === 'pull') clients[ci].fdb.sync.reconnect();
      }
      const ci = int(nClients);
      const who = label(ci);
      const r = rnd();
      // On the ordens de serviço set (no stock on the devices) the stock steps become OS steps.
      const osStep = !hasStock && r >= 0.4 && r < 0.68 ? int(3) : hasOs && rnd() < 0.3 ? int(3) : null;
      try {
        if (osStep !== null && hasOs) {
          await workOrderStep(ci, osStep, step);
        } else if (r < 0.2) {
          const dup = phones.length > 0 && rnd() < 0.08;
          const phone = dup ? phones[int(phones.length)] : `31 9${String(seed).padStart(10, '0')}${String(env.attempt % 100).padStart(2, '0')}${String(phones.length).padStart(2, '0')}`;
          const data = { name: `Cliente ${seed}-${step}`, phone, whatsapp: rnd() < 0.5 ? null : `31 8${step}`, description: null };
          const doc = await write(ci, () => insertDocument(clients[ci].fdb, 'customers', data));
          phones.push(phone);
          docs.set(doc.id, { c: 'customers', by: ci, init: { ...data } });
          result.writes++;
          say(`${step}: ${who} create customer ${short(doc.id)}${dup ? ` (same phone as another: ${phone})` : ''}`);
        } else if (r < 0.35) {
          const live = await liveOn(ci, 'customers');
          const field = (['name', 'description', 'whatsapp'] as const)[int(3)];
          const value = `${field} ${who}${step}`;
          const id = live.length ? live[int(live.length)] : null;
          if (id && (await write(ci, () => patchDocument(clients[ci].fdb, 'customers', id, { [field]: value })))) {
            noteField(id, ci, field, value);
            result.writes++;
            say(`${step}: ${who} edit customer ${short(id)}.${field} = ${value}`);
          }
        } else if (r < 0.4) {
          const live = await liveOn(ci, 'customers');
          const id = live.length ? live[int(live.length)] : null;
          if (id && (await write(ci, () => removeDocument(clients[ci].fdb, 'customers', id)))) {
            deleted.add(id);
            result.writes++;
            say(`${step}: ${who} delete customer ${short(id)}`);
          }
        } else if (r < 0.47) {
          const cat = () => `cat-${seed}-${int(5)}`;
          const data = { category_id: cat(), type_id: cat(), material_id: cat(), thickness_id: cat(), dimension_id: cat(), minimum_quantity: int(10), description: null };
          const doc = await write(ci, () => insertDocument(clients[ci].fdb, 'stock_items', data));
          docs.set(doc.id, { c: 'stock_items', by: ci, init: { ...data } });
          result.writes++;
          say(`${step}: ${who} create stock item ${short(doc.id)}`);
        } else if (r < 0.52) {
          const live = await liveOn(ci, 'stock_items');
          const id = live.length ? live[int(live.length)] : null;
          const patch = rnd() < 0.5 ? { minimum_quantity: int(50) } : { description: `nota ${who}${step}` };
          if (id && (await write(ci, () => patchDocument(clients[ci].fdb, 'stock_items', id, patch)))) {
            for (const [f, v] of Object.entries(patch)) noteField(id, ci, f, v);
            result.writes++;
            say(`${step}: ${who} edit stock item ${short(id)} ${JSON.stringify(patch)}`);
          }
        } else if (r < 0.68) {
          const live = await liveOn(ci, 'stock_items');
          const item = live.length ? live[int(live.length)] : null;
          const delta = int(21) - 10 || 1;
          if (item) {
            const m = await write(ci, () => insertDocument(clients[ci].fdb, 'stock_movements', { stock_item_id: item, delta, reason: null }));
            docs.set(m.id, { c: 'stock_movements', by: ci, init: {} });
            movements.set(m.id, { item, delta });
            result.writes++;
            say(`${step}: ${who} movement ${delta > 0 ? '+' : ''}${delta} on ${short(item)} (${short(m.id)})`);
          }
        } else if (r < 0.8) {
          clients[ci].setOnline(!clients[ci].online);
          say(`${step}: ${who} ${clients[ci].online ? 'online' : 'offline'}`);
        } else if (r < 0.85) {
          const n = 1 + int(2);
          clients[ci].dropNextPushResponses(n);
          result.drops++;
          say(`${step}: ${who} loses the answers of its next ${n} push(es)`);
        } else if (r < 0.9) {
          const sent = await clients[ci].replayOldPush((n) => int(n));
          if (sent) result.replays++;
          say(`${step}: ${who} an old push of its arrives again${sent ? '' : ' (none to replay / not delivered)'}`);
        } else {
          const ms = int(150);
          say(`${step}: wait ${ms} ms`);
          await sleep(ms);
        }
      } catch (e) {
        // A local write refused by the data layer is no replication defect, but say so.
        say(`${step}: ${who} local write failed: ${(e as Error).message}`);
      }
      if (rnd() < 0.4) await sleep(int(40));
    }

    // Heal: the server is up, every device online. Nobody else may kill the server while we measure.
    for (const c of clients) c.disarm();
    for (;;) {
      await env.server.whenUp();
      releaseHold = env.server.hold();
      if (env.server.up) break;
      releaseHold();
    }
    for (const c of clients) if (!c.online) c.setOnline(true);
    const healAt = realNow();
    say('heal: server up, every device online');
    const fired = traps.find((x) => x.fired);
    if (killPlan) result.kill = { kind: killPlan.kind, fired: Boolean(fired), done: Boolean(fired?.fired?.killed), inFlight: Boolean(fired && !fired.fired!.answeredFirst) };
    if (killPlan && !fired) say(`  (the armed kill never fired: no ${killPlan.kind} happened before the heal)`);

    const traceOf = (named: string) => {
      say(`sync trace of ${named} (every device, by time):`);
      for (const l of traceAll(clients.map((c) => c.trace), named)) log.push(`    ${l}`);
    };
    const server = new Map<Col, Map<string, ServerDoc>>();
    const differences = async (): Promise<string | null> => {
      for (const c of COLS) server.set(c, await env.checker.since(c as CollectionName, startCp.get(c) ?? null));
      for (const c of COLS) {
        const want = ids(c);
        if (want.length === 0) continue;
        for (let ci = 0; ci < nClients; ci++) {
          const local = await clients[ci].docs(c, want);
          for (const id of want) {
            const s = server.get(c)!.get(id);
            const sLive = s && !s._deleted;
            const l = local.get(id);
            if (sLive && !l) return `${label(ci)}: ${c} ${short(id)} is on the server, not on the device`;
            if (!sLive && l) return `${label(ci)}: ${c} ${short(id)} is live on the device, ${s ? 'deleted' : 'absent'} on the server`;
            if (sLive && l) {
              const { _deleted, ...plain } = s;
              if (!sameDocumentState(l, plain)) return `${label(ci)}: ${c} ${short(id)} differs\n  device ${JSON.stringify(l)}\n  server ${JSON.stringify(plain)}`;
            }
          }
        }
      }
      for (let ci = 0; ci < nClients; ci++) {
        const p = clients[ci].pendingCount();
        if (p > 0) return `${label(ci)} still has ${p} pending`;
      }
      return null;
    };

    let diff: string | null = 'not checked';
    let firstDiff: string | null = null;
    while (realNow() - healAt < GIVE_UP_MS) {
      diff = await differences();
      if (!diff) break;
      firstDiff ??= diff;
      await sleep(100);
    }
    const waited = realNow() - healAt;
    if (!diff) {
      result.convergeMs = waited;
      say(`converged ${waited} ms after the heal`);
    } else {
      result.stalled = /pending/.test(diff);
      result.failure = result.stalled ? 'stall' : 'diverged';
      // What the devices' sync did with the document named (the race is in there, not in the steps).
      const named = DOC_NAMED.exec(diff)?.[1];
      if (named) traceOf(named);
      throw new Error(`not converged ${GIVE_UP_MS / 1000} s after the heal${result.stalled ? ' (stall: pending never cleared)' : ''}: ${diff}`);
    }
    if (waited > CONVERGE_LIMIT_MS) result.failure = 'slow';
    if (waited > CONVERGE_LIMIT_MS) throw new Error(`converged only after ${waited} ms (limit ${CONVERGE_LIMIT_MS}); first difference: ${firstDiff}`);

    // Nothing lost.
    const refused = new Map<string, string>();
    for (const c of clients) for (const [id, msg] of c.refusedIds()) if (docs.has(id)) refused.set(id, msg);
    result.refused = refused.size;
    for (const [id, msg] of refused) {
      say(`refused by the server: ${docs.get(id)!.c} ${short(id)}: ${msg}`);
      if (!msg) throw new Error(`${short(id)} refused without a reason`);
    }
    const problems: string[] = [];
    const suspects = new Set<string>();
    for (const [id, d] of docs) {
      if (refused.has(id)) continue;
      const s = server.get(d.c)!.get(id);
      // Created and deleted on a device before it was ever sent: RxDB never sends it (nothing to
      // keep — the user's last word was to delete it), and no device may still show it (checked above).
      if (!s && deleted.has(id)) continue;
      if (!s) problems.push(`${d.c} ${short(id)} (by ${label(d.by)}) never reached the server`);
      else if (s._deleted && !deleted.has(id)) problems.push(`${d.c} ${short(id)} is deleted on the server, no device deleted it`);
    }
    const qty = new Map<string, number>();
    for (const [id, m] of movements) {
      if (refused.has(id)) continue;
      const s = server.get('stock_movements')!.get(id);
      if (s && (s.delta !== m.delta || s.stock_item_id !== m.item)) problems.push(`movement ${short(id)} changed on the server: ${JSON.stringify(s)}`);
      qty.set(m.item, (qty.get(m.item) ?? 0) + m.delta);
    }
    for (const [item, want] of qty) {
      let got = 0;
      for (const s of server.get('stock_movements')!.values()) if (s.stock_item_id === item && !s._deleted) got += Number(s.delta);
      if (got !== want) problems.push(`stock item ${short(item)}: quantity ${got} on the server, the devices' movements sum to ${want}`);
    }
    for (const [id, byField] of fields) {
      const d = docs.get(id)!;
      const s = server.get(d.c)!.get(id);
      if (!s || s._deleted || refused.has(id) || deleted.has(id)) continue;
      for (const [f, fl] of byField) {
        if (fl.writers.size === 1) {
          const [ci] = fl.writers;
          const want = fl.last.get(ci);
          if (!deepEqual(s[f] ?? null, want)) suspects.add(id);
          if (!deepEqual(s[f] ?? null, want)) problems.push(`lost edit: ${d.c} ${short(id)}.${f} is ${JSON.stringify(s[f])} on the server; only ${label(ci)} edited it, last to ${JSON.stringify(want)}`);
        } else if (![...fl.values, d.init[f] ?? null].some((v) => deepEqual(v, s[f] ?? null))) {
          problems.push(`${d.c} ${short(id)}.${f} = ${JSON.stringify(s[f])} on the server: no device wrote that`);
        }
      }
    }
    // OS histories: complete and unchanged on the server; the same current stage on every device.
    const serverEvents = [...server.get('work_order_events')!.values()].filter((e) => !e._deleted);
    for (const [order, d] of docs) {
      if (d.c !== 'work_orders' || refused.has(order) || !server.get('work_orders')!.get(order)) continue;
      const wrote = [...events].filter(([id, e]) => e.order === order && !refused.has(id));
      const stored = serverEvents.filter((e) => e.work_order_id === order);
      const storedIds = new Set(stored.map((e) => e.id));
      for (const [id, e] of wrote) {
        const s = server.get('work_order_events')!.get(id);
        if (!storedIds.has(id)) problems.push(`OS ${short(order)}: event ${short(id)} (${e.kind}) missing from its history on the server`);
        else if (s && (s.kind !== e.kind || (s.to_stage ?? null) !== e.to || (s.text ?? null) !== e.text)) problems.push(`event ${short(id)} changed on the server: ${JSON.stringify(s)}`);
        else if (s && typeof s.server_seq !== 'number') problems.push(`event ${short(id)} has no server_seq on the server`);
      }
      if (stored.length !== wrote.length) problems.push(`OS ${short(order)}: ${stored.length} events on the server, the devices wrote ${wrote.length}`);
      const moves = stored.filter((e) => e.kind === 'move').sort((a, b) => Number(a.server_seq) - Number(b.server_seq));
      const want = (moves.length ? moves[moves.length - 1].to_stage : FIRST_WORK_ORDER_STAGE) as WorkOrderStage;
      for (let ci = 0; ci < nClients; ci++) {
        const local = (await clients[ci].fdb.db.work_orders.findOne(order).exec())?.toJSON() as WorkOrderDoc | undefined;
        if (!local) continue;
        const stage = workOrderState(local, await eventsOn(ci, order), '').stage;
        if (stage !== want) problems.push(`OS ${short(order)}: ${label(ci)} shows ${stage}, the latest move in the server's order is ${want}`);
      }
    }
    if (problems.length) {
      for (const p of problems.slice(0, 2)) {
        const named = DOC_NAMED.exec(p)?.[1];
        if (named) traceOf(named);
      }
      for (const id of [...suspects].slice(0, 3)) {
        say(`server conflict log of ${short(id)}: ${JSON.stringify(await env.checker.conflicts(id))}`);
        say(`  its client_updated_at on the server: ${String(server.get(docs.get(id)!.c)!.get(id)?.client_updated_at)}`);
      }
      result.failure = suspects.size === problems.length ? 'lost edit' : 'lost write';
      throw new Error(`lost writes: ${problems.slice(0, 8).join('; ')}`);
    }
    result.ok = true;
  } catch (e) {
    result.error = (e as Error).message;
    result.failure ??= 'error';
    say(`FAILED: ${result.error}`);
  } finally {
    for (const c of clients) c.disarm();
    releaseHold?.();
    release();
  }
  return result;
}
