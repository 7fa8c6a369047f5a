import { metricValue } from '@travel/metrics';
import type { OutgoingEvent } from './envelope';
import { createOutboxRelay, type OutboxEntry, type OutboxSource } from './outbox-relay';
import type { EventPublisher } from './publisher';

const event = (id: string, key = id): OutgoingEvent => ({
  id,
  type: 'invoice.paid',
  occurredAt: new Date(0),
  tenantId: 'ten_1',
  clientId: '',
  livemode: true,
  payload: Buffer.alloc(0),
  key,
});

/** A source over a map (document id → its pending events) that counts what the relay asks of it. */
function world(pending: Map<string, OutgoingEvent[]>) {
  const sends: string[][] = [];
  const clears: OutboxEntry[][] = [];
  let scans = 0;
  let failing = false;
  const publisher = {
    publish: async (_topic: string, events: OutgoingEvent[]) => {
      if (failing) throw new Error('broker down');
      sends.push(events.map((e) => e.id));
    },
  } as unknown as EventPublisher;
  const source: OutboxSource = {
    withPending: async (limit) => {
      scans++;
      return [...pending].slice(0, limit).map(([id, events]) => ({ id, events }));
    },
    clear: async (published) => {
      clears.push(published);
      for (const { id, events } of published) {
        const sent = new Set(events.map((e) => e.id));
        const rest = (pending.get(id) ?? []).filter((e) => !sent.has(e.id));
        if (rest.length > 0) pending.set(id, rest);
        else pending.delete(id);
      }
    },
  };
  return {
    sends,
    clears,
    scans: () => scans,
    published: () => sends.flat(),
    publisher,
    source,
    fail: (value: boolean) => (failing = value),
  };
}

/** Writes a document's events to the "store" and tells the relay, as a writer does. */
function write(pending: Map<string, OutgoingEvent[]>, id: string, ...events: OutgoingEvent[]) {
  pending.set(id, [...(pending.get(id) ?? []), ...events]);
  return { id, events: pending.get(id) ?? [] };
}

describe('outbox relay', () => {
  it('when told of documents, then the next pass sends all their events at once and clears them at once, without reading them', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    const relay = createOutboxRelay({ ...w, name: 'test', topic: 't', rescanMs: 60_000, now: () => 0 });
    await relay.run(); // the first pass scans: nothing yet
    expect(w.scans()).toBe(1);
    for (let i = 0; i < 50; i++) relay.written(write(pending, `d${i}`, event(`evt_${i}`)));
    await relay.run();
    expect(w.sends).toHaveLength(1);
    expect(w.sends[0]).toHaveLength(50);
    expect(w.clears).toHaveLength(1);
    expect(w.scans()).toBe(1); // no read: the told events went as told
    expect(pending.size).toBe(0);
  });

  it('when a pass publishes nothing, then it says so (its job may back off); told or scanned events say work', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    let clock = 0;
    const relay = createOutboxRelay({ ...w, name: 'test', topic: 't', rescanMs: 1_000, now: () => clock });
    expect(await relay.run()).toBe(false); // the first scan: nothing yet
    relay.written(write(pending, 'd1', event('evt_1')));
    expect(await relay.run()).toBe(true); // told
    expect(await relay.run()).toBe(false); // nothing told, no scan due
    write(pending, 'd2', event('evt_2')); // another replica's, untold
    clock = 1_000;
    expect(await relay.run()).toBe(true); // the scan found it
    expect(w.published()).toEqual(['evt_1', 'evt_2']);
  });

  it('when more is told than one batch, then a pass sends batch by batch', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    const relay = createOutboxRelay({
      ...w,
      name: 'test',
      topic: 't',
      rescanMs: 60_000,
      now: () => 0,
      batch: 20,
    });
    await relay.run();
    for (let i = 0; i < 45; i++) relay.written(write(pending, `d${i}`, event(`evt_${i}`)));
    await relay.run();
    expect(w.sends.map((send) => send.length)).toEqual([20, 20, 5]);
    expect(w.clears).toHaveLength(3);
  });

  it('when a document is told twice before a pass, then its events go once each, in the order written', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    const relay = createOutboxRelay({ ...w, name: 'test', topic: 't', rescanMs: 60_000, now: () => 0 });
    await relay.run();
    relay.written(write(pending, 'b1', event('evt_created', 'b1')));
    relay.written(write(pending, 'b1', event('evt_cancelled', 'b1'))); // the cancel tells all b1 holds
    await relay.run();
    expect(w.published()).toEqual(['evt_created', 'evt_cancelled']);
  });

  it('when a document was not told, then the scan finds it at its turn, or at once after scanNext', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    let clock = 0;
    const w = world(pending);
    const relay = createOutboxRelay({ ...w, name: 'test', topic: 't', rescanMs: 1000, now: () => clock });
    await relay.run();
    write(pending, 'quiet', event('evt_quiet'));
    clock = 500;
    await relay.run();
    expect(w.published()).toEqual([]);
    clock = 1500;
    await relay.run();
    expect(w.published()).toEqual(['evt_quiet']);
    write(pending, 'named', event('evt_named'));
    relay.scanNext();
    await relay.run();
    expect(w.published()).toEqual(['evt_quiet', 'evt_named']);
  });

  it('when scanNext comes while a scan is under way, then the next pass scans again and finds that write', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    const relay = createOutboxRelay({ ...w, name: 'test', topic: 't', rescanMs: 60_000, now: () => 0 });
    const scan = w.source.withPending;
    w.source.withPending = async (limit) => {
      const read = await scan(limit);
      // A write lands after this scan read the store, and its writer names no event.
      if (!pending.has('late')) {
        write(pending, 'late', event('evt_late'));
        relay.scanNext();
      }
      return read;
    };
    await relay.run();
    expect(w.published()).toEqual([]);
    await relay.run();
    expect(w.published()).toEqual(['evt_late']);
  });

  it('when the broker refuses, then nothing is cleared and the told events go first at the next pass, in order', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    const relay = createOutboxRelay({ ...w, name: 'test', topic: 't', rescanMs: 60_000, now: () => 0 });
    await relay.run();
    relay.written(write(pending, 'a', event('evt_a_created', 'a')));
    w.fail(true);
    await expect(relay.run()).rejects.toThrow('broker down');
    expect(w.clears).toHaveLength(0);
    relay.written(write(pending, 'b', event('evt_b')));
    relay.written(write(pending, 'a', event('evt_a_cancelled', 'a')));
    w.fail(false);
    await relay.run();
    expect(w.sends).toEqual([['evt_a_created', 'evt_a_cancelled', 'evt_b']]);
    expect(pending.size).toBe(0);
  });

  it('when the broker refuses for long, then the relay stops remembering and the scan finds everything later', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    const relay = createOutboxRelay({
      ...w,
      name: 'test',
      topic: 't',
      rescanMs: 60_000,
      now: () => 0,
      maxTold: 10,
    });
    await relay.run();
    w.fail(true);
    for (let i = 0; i < 25; i++) relay.written(write(pending, `d${i}`, event(`evt_${i}`)));
    await expect(relay.run()).rejects.toThrow('broker down');
    w.fail(false);
    await relay.run();
    expect(new Set(w.published())).toEqual(new Set(Array.from({ length: 25 }, (_, i) => `evt_${i}`)));
    expect(pending.size).toBe(0);
  });

  it('when the scan publishes an event also told meanwhile, then it is not sent again', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    let relayRef: ReturnType<typeof createOutboxRelay> | undefined;
    const source: OutboxSource = {
      ...w.source,
      withPending: async (limit) => {
        const found = await w.source.withPending(limit);
        relayRef?.written({ id: 'x', events: [event('evt_x')] }); // the writer tells while the scan reads
        return found;
      },
    };
    const relay = createOutboxRelay({
      ...w,
      name: 'test',
      source,
      topic: 't',
      rescanMs: 60_000,
      now: () => 0,
    });
    relayRef = relay;
    write(pending, 'x', event('evt_x'));
    await relay.run();
    await relay.run();
    expect(w.published()).toEqual(['evt_x']);
  });

  it('when an event has waited 90 s, then the outbox reports that age on scrape, and 0 once it is published', async () => {
    const pending = new Map<string, OutgoingEvent[]>();
    const w = world(pending);
    const clock = 1_000_000;
    const relay = createOutboxRelay({ ...w, name: 'aged', topic: 't', rescanMs: 0, now: () => clock });
    write(pending, 'a', { ...event('evt_a'), occurredAt: new Date(clock - 90_000) });
    write(pending, 'b', { ...event('evt_b'), occurredAt: new Date(clock - 30_000) });
    expect(await metricValue('outbox_oldest_pending_seconds', { outbox: 'aged' })).toBe(90);
    await relay.run();
    expect(await metricValue('outbox_oldest_pending_seconds', { outbox: 'aged' })).toBe(0);
  });
});
