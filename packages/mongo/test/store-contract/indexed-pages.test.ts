import { useFreshDatabase } from './fresh-database';
import { planOf } from './query-plan';

// Owner lookups and list pages are served from declared secondary indexes, not by reading the collection.
const store = useFreshDatabase('sc_pages');
const ITEMS = 3000;
const OWNERS = 10;
const PAGE = 25;

interface Item {
  _id: string;
  owner: string;
  number: number;
  reference: string;
}

const items = () => store.db.collection<Item>('items');

/** One owner's items, newest first, below a cursor: how GET /bookings pages. */
const pageOf = (owner: string, below: number | null) =>
  items()
    .find({ owner, ...(below === null ? {} : { number: { $lt: below } }) })
    .sort({ number: -1 })
    .limit(PAGE);

async function walkPages(owner: string): Promise<number[][]> {
  const pages: number[][] = [];
  let below: number | null = null;
  for (;;) {
    const page: number[] = (await pageOf(owner, below).toArray()).map((item) => item.number);
    if (page.length === 0) return pages;
    pages.push(page);
    below = page[page.length - 1] ?? null;
  }
}

beforeAll(async () => {
  // Serves one owner's items, newest first, below a cursor.
  await items().createIndex({ owner: 1, number: -1 });
  // Serves the lookup of an item by its reference.
  await items().createIndex({ reference: 1 }, { unique: true });
  // Inserted out of number order (7 and 3,000 are coprime), so the collection's own order proves nothing.
  const numbers = Array.from({ length: ITEMS }, (_, i) => ((i * 7) % ITEMS) + 1);
  await items().insertMany(
    numbers.map((number) => ({
      _id: `item_${number}`,
      owner: `o${number % OWNERS}`,
      number,
      reference: `ref_${number}`,
    })),
  );
});

describe('store contract: secondary-index lookups and sorted pages', () => {
  it('when an item is looked up by an indexed field, then the store answers from the index', async () => {
    const query = items().find({ reference: 'ref_1234' });
    const explain = await query.explain('executionStats');
    expect(planOf(explain)).toMatchObject({ scansIndex: true, indexes: ['reference_1'] });
    expect(explain.executionStats?.totalDocsExamined).toBe(1);
    expect(await query.toArray()).toEqual([
      { _id: 'item_1234', owner: 'o4', number: 1234, reference: 'ref_1234' },
    ]);
  });

  it("when an owner's page is read, first or below a cursor, then the index serves filter, order and limit (no SORT stage)", async () => {
    for (const below of [null, 1500]) {
      const explain = await pageOf('o3', below).explain('executionStats');
      const plan = planOf(explain);
      expect(plan).toMatchObject({ scansIndex: true, indexes: ['owner_1_number_-1'] });
      expect(plan.stages).not.toContain('SORT');
      expect(explain.executionStats?.totalDocsExamined).toBeLessThanOrEqual(PAGE);
    }
  });

  it("when an owner's items are read page by page, then the pages hold each of them once, newest first, and again the same", async () => {
    const expected = Array.from({ length: ITEMS }, (_, i) => ITEMS - i).filter((n) => n % OWNERS === 3);
    const pages = await walkPages('o3');
    expect(pages.slice(0, -1).every((page) => page.length === PAGE)).toBe(true);
    expect(pages.flat()).toEqual(expected);
    expect(await walkPages('o3')).toEqual(pages);
  });
});
