import { landed, race, useFreshDatabase } from './fresh-database';
import { planOf } from './query-plan';

// The outbox: a document is written with the events it owes Kafka (`pendingEvents`); the relay finds such
// documents through a partial index, publishes, and `$pull`s exactly the events it read, so an event added
// meanwhile (a cancel pushing `booking.cancelled`) stays pending.
const store = useFreshDatabase('sc_outbox');
const DOCS = 2000;
const LIMIT = 20;

interface PendingEvent {
  id: string;
  type: string;
}

interface Owner {
  _id: string;
  number: number;
  pendingEvents: PendingEvent[];
}

const owners = () => store.db.collection<Owner>('owners');
const PENDING = { 'pendingEvents.id': { $exists: true } };

/** The relay's read: documents holding events, oldest first. */
const pendingPage = () => owners().find(PENDING).sort({ number: 1 }).limit(LIMIT);

/** The relay's clear: the events it published leave their documents, any other stays. */
const clear = (docs: Owner[]) =>
  owners().updateMany(
    { _id: { $in: docs.map((doc) => doc._id) } },
    {
      $pull: {
        pendingEvents: { id: { $in: docs.flatMap((doc) => doc.pendingEvents.map((event) => event.id)) } },
      },
    },
  );

beforeAll(async () => {
  // Serves the relay: documents holding unpublished events (only those are indexed), oldest first.
  await owners().createIndex({ number: 1 }, { name: 'outbox_pending', partialFilterExpression: PENDING });
});

describe('store contract: the outbox pattern', () => {
  it('when the relay looks for documents holding events, then the partial index serves it, oldest first', async () => {
    await owners().insertMany(
      Array.from({ length: DOCS }, (_, i) => ({
        _id: `doc_${i + 1}`,
        number: i + 1,
        pendingEvents: (i + 1) % 40 === 0 ? [{ id: `evt_${i + 1}`, type: 'created' }] : [],
      })),
    );
    const explain = await pendingPage().explain('executionStats');
    const plan = planOf(explain);
    expect(plan).toMatchObject({ scansIndex: true, indexes: ['outbox_pending'] });
    expect(plan.stages).not.toContain('SORT');
    expect(explain.executionStats?.totalDocsExamined).toBeLessThanOrEqual(LIMIT);
    expect((await pendingPage().toArray()).map((doc) => doc.number)).toEqual(
      Array.from({ length: LIMIT }, (_, i) => (i + 1) * 40),
    );
    await owners().deleteMany({});
  });

  it('when an event is added between the relay reading a document and clearing it, then only the read events leave', async () => {
    await owners().insertOne({
      _id: 'bkg_1',
      number: 1,
      pendingEvents: [{ id: 'evt_created', type: 'created' }],
    });
    const read = await pendingPage().toArray();
    await owners().updateOne(
      { _id: 'bkg_1' },
      { $push: { pendingEvents: { id: 'evt_cancelled', type: 'cancelled' } } },
    );
    await clear(read);
    expect(await pendingPage().toArray()).toEqual([
      { _id: 'bkg_1', number: 1, pendingEvents: [{ id: 'evt_cancelled', type: 'cancelled' }] },
    ]);
    await clear(await pendingPage().toArray());
    expect(await pendingPage().toArray()).toEqual([]);
    await owners().deleteMany({});
  });

  it('when 200 events are added to 10 documents while the relay runs, then each event is published exactly once', async () => {
    await owners().insertMany(
      Array.from({ length: 10 }, (_, i) => ({ _id: `own_${i}`, number: i, pendingEvents: [] })),
    );
    const published: string[] = [];
    let adding = true;
    const relay = (async () => {
      for (;;) {
        const done = !adding;
        const read = await pendingPage().toArray();
        published.push(...read.flatMap((doc) => doc.pendingEvents.map((event) => event.id)));
        await clear(read);
        if (done && read.length === 0) return;
      }
    })();
    const adds = await race(200, (i) =>
      owners().updateOne(
        { _id: `own_${i % 10}` },
        { $push: { pendingEvents: { id: `evt_${i}`, type: 'x' } } },
      ),
    );
    adding = false;
    await relay;
    expect(landed(adds)).toHaveLength(200);
    expect([...published].sort()).toEqual(Array.from({ length: 200 }, (_, i) => `evt_${i}`).sort());
  });
});
