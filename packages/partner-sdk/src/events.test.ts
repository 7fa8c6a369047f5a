import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PartnerClient } from './client';
import type { Event, Page } from './types';

const event = (sequence: number): Event => ({
  id: `evt_${sequence}`,
  type: 'booking.created',
  created: '2026-11-21T10:00:00.123Z',
  livemode: false,
  sequence,
  data: { id: `bkg_${sequence}` },
});

/** A real HTTP server answering each request with the next page of `pages`, recording the URLs asked. */
async function pagesServer(pages: Array<Page<Event>>) {
  const urls: string[] = [];
  const server: Server = createServer((req, res) => {
    urls.push(req.url ?? '');
    const page = pages[urls.length - 1] ?? { data: [], hasMore: false, nextCursor: null };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url?.startsWith('/api/v1/events/') ? { data: page.data[0] } : page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    sdk: new PartnerClient({ apiKey: 'ptk_test_x', baseUrl: `http://127.0.0.1:${port}/api/v1` }),
    urls,
  };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function all(events: AsyncGenerator<Event, void, undefined>): Promise<number[]> {
  const sequences: number[] = [];
  for await (const one of events) sequences.push(one.sequence);
  return sequences;
}

describe('events feed methods', () => {
  it('eventsAfter sends `after` on the first page only, then the cursors, and yields every event oldest first', async () => {
    const { sdk, urls } = await pagesServer([
      { data: [event(42), event(43)], hasMore: true, nextCursor: 'c1' },
      { data: [event(44)], hasMore: false, nextCursor: null },
    ]);
    expect(await all(sdk.eventsAfter(41, { limit: 2, type: 'booking.created' }))).toEqual([42, 43, 44]);
    expect(urls).toEqual([
      '/api/v1/events?limit=2&type=booking.created&after=41',
      '/api/v1/events?limit=2&type=booking.created&cursor=c1',
    ]);
  });

  it('events pages newest first until hasMore is false; listEvents and getEvent ask what they are given', async () => {
    const { sdk, urls } = await pagesServer([
      { data: [event(3), event(2)], hasMore: true, nextCursor: 'c2' },
      { data: [event(1)], hasMore: false, nextCursor: null },
      { data: [event(5)], hasMore: false, nextCursor: null },
      { data: [event(7)], hasMore: false, nextCursor: null },
    ]);
    expect(await all(sdk.events())).toEqual([3, 2, 1]);
    expect((await sdk.listEvents({ after: 4, limit: 1 })).data.map((e) => e.sequence)).toEqual([5]);
    expect(await sdk.getEvent('evt_7')).toMatchObject({ id: 'evt_7', sequence: 7 });
    expect(urls).toEqual([
      '/api/v1/events',
      '/api/v1/events?cursor=c2',
      '/api/v1/events?after=4&limit=1',
      '/api/v1/events/evt_7',
    ]);
  });
});
