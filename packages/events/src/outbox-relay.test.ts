import type { OutgoingEvent } from './envelope';
import { createOutboxRelay, type OutboxSource } from './outbox-relay';
import type { EventPublisher } from './publisher';

const event = (id: string): OutgoingEvent => ({
  id,
  type: 'invoice.paid',
  occurredAt: new Date(0),
  tenantId: 'ten_1',
  clientId: '',
  livemode: true,
  payload: Buffer.alloc(0),
  key: id,
});

function world(pending: Map<string, OutgoingEvent[]>) {
  const published: string[] = [];
  let failing = false;
  const publisher = {
    publish: async (_topic: string, events: OutgoingEvent[]) => {
      if (failing) throw new Error('broker down');
      published.push(...events.map((e) => e.id));
    },
  } as unknown as EventPublisher;
  const source: OutboxSource = {
    pendingOf: async (id) => pending.get(id) ?? [],
    withPending: async (limit) => [...pending].slice(0, limit).map(([id, events]) => ({ id, events })),
    clear: async (ids) => {
      for (const id of ids) pending.delete(id);
    },
  };
  return { published, publisher, source, fail: (value: boolean) => (failing = value) };
}

describe('outbox relay', () => {
  it('when told of a document, then its events go out at the next pass and are cleared; the scan waits its turn', async () => {
    const pending = new Map([
      ['a', [event('evt_a')]],
      ['b', [event('evt_b')]],
    ]);
    let clock = 0;
    const w = world(pending);
    const relay = createOutboxRelay({ ...w, topic: 't', rescanMs: 1000, now: () => clock });
    await relay.run(); // the first pass scans: both go
    expect(w.published).toEqual(['evt_a', 'evt_b']);
    pending.set('c', [event('evt_c')]);
    pending.set('d', [event('evt_d')]);
    relay.written('c');
    clock = 500;
    await relay.run(); // told only: d waits for the next scan
    expect(w.published).toEqual(['evt_a', 'evt_b', 'evt_c']);
    clock = 1500;
    await relay.run();
    expect(w.published).toEqual(['evt_a', 'evt_b', 'evt_c', 'evt_d']);
    expect(pending.size).toBe(0);
  });

  it('when the broker refuses, then nothing is cleared and the told document goes at the next pass', async () => {
    const pending = new Map([['a', [event('evt_a')]]]);
    const w = world(pending);
    const relay = createOutboxRelay({ ...w, topic: 't', rescanMs: 60_000, now: () => 0 });
    relay.written('a');
    w.fail(true);
    await expect(relay.run()).rejects.toThrow('broker down');
    expect(pending.has('a')).toBe(true);
    w.fail(false);
    await relay.run();
    expect(w.published).toEqual(['evt_a']);
    expect(pending.size).toBe(0);
  });
});
