import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createEndpointRepository } from '../src/db/endpoint.repository';
import type { Endpoint } from '../src/domain/endpoints/endpoint';
import { createEndpointDirectory } from '../src/domain/endpoints/endpoint-directory';

/** Two processes on one database: one caches endpoints, the other registers and deletes them. */
const infra = testInfra();
const database = uniqueName('ct_webhook_dir');
const mongos = [0, 1].map(() => createMongo({ url: infra.mongoUrl, database, logger: testLogger() }));
const [reader, writer] = mongos.map((mongo) => createEndpointRepository(mongo.connection)) as [
  ReturnType<typeof createEndpointRepository>,
  ReturnType<typeof createEndpointRepository>,
];
const versionReads = { count: 0 };
const directory = createEndpointDirectory({
  endpoints: {
    ...reader,
    changeVersion: () => {
      versionReads.count++;
      return reader.changeVersion();
    },
  },
  maxAgeMs: 60_000,
});

const endpoint = (n: number, clientId: number): Endpoint => ({
  id: `whk_${n}`,
  clientId,
  tenantId: 'ten_a',
  environment: 'live',
  url: `http://127.0.0.1:9/${n}`,
  events: [],
  status: 'active',
  sealedSecret: 'whsec_x',
  retiringSecrets: [],
  disabledReason: null,
  statusChangedAt: null,
  createdAt: new Date(),
});
const ids = (endpoints: Endpoint[]) => endpoints.map((e) => e.id).sort();

beforeAll(async () => {
  for (const mongo of mongos) await mongo.start();
  await mongos[0]?.migrate();
});
afterAll(async () => {
  await mongos[0]?.connection.dropDatabase();
  for (const mongo of mongos) await mongo.stop();
});

describe('the endpoint directory of one process', () => {
  it('when another process registers or deletes an endpoint, then a lookup for work that arrived after it sees the change, while earlier work is served from the cache', async () => {
    await writer.insert(endpoint(1, 7), 1);
    const warmedAt = performance.now();
    expect(ids(await directory.ofClient(7, warmedAt))).toEqual(['whk_1']);

    await writer.insert(endpoint(2, 7), 2);
    // Work that arrived before the registration is answered from the cache, without a read.
    const reads = versionReads.count;
    expect(ids(await directory.ofClient(7, warmedAt))).toEqual(['whk_1']);
    expect(versionReads.count).toBe(reads);
    expect(ids(await directory.ofClient(7, performance.now()))).toEqual(['whk_1', 'whk_2']);
    expect(ids(await directory.ofTenant('ten_a', performance.now()))).toEqual(['whk_1', 'whk_2']);
    expect(await directory.find('whk_2', performance.now())).toMatchObject({ url: 'http://127.0.0.1:9/2' });

    await writer.remove({ clientId: 7, environment: 'live' }, 'whk_2');
    const afterDelete = performance.now();
    expect(ids(await directory.ofClient(7, afterDelete))).toEqual(['whk_1']);
    expect(ids(await directory.ofTenant('ten_a', afterDelete))).toEqual(['whk_1']);
    expect(await directory.find('whk_2', afterDelete)).toBeUndefined();
  });

  it('when many lookups wait for work that arrived at the same moment, then one version read serves them all', async () => {
    const arrived = performance.now();
    const before = versionReads.count;
    const lists = await Promise.all(Array.from({ length: 20 }, () => directory.ofClient(7, arrived)));
    expect(lists.map(ids)).toEqual(Array.from({ length: 20 }, () => ['whk_1']));
    expect(versionReads.count - before).toBe(1);
  });
});
