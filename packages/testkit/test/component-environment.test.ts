import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { findTestResources, startingWithAny, testInfra, uniqueName } from '../src';

// The component tier's environment, as the tier runs it: a jest run of its own over one test file that makes a
// database, a namespaced topic and a consumer group with its uniqueName names and checks they are there. Once
// that run has ended, they must be gone, and a database of the same shape that the file did not name must not.
const root = join(__dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'component-environment-'));
const made = join(dir, 'made.json');
const infra = testInfra();
const store = new MongoClient(infra.mongoUrl);
// Not the inner file's: this file's own name, so this file's environment drops it at the end.
const foreign = uniqueName('ct_env_foreign');

const INNER_TEST = `
const { MongoClient } = require(${JSON.stringify(require.resolve('mongodb'))});
const { Kafka, logLevel } = require(${JSON.stringify(require.resolve('kafkajs'))});
const { uniqueName } = require(${JSON.stringify(join(root, 'packages/testkit/dist/names'))});
const { writeFileSync } = require('node:fs');

test('makes a database, a topic and a consumer group', async () => {
  const database = uniqueName('ct_env');
  const namespace = uniqueName('ct_env') + '.';
  const topic = namespace + 'booking.events';
  const group = namespace + 'reader';
  const store = new MongoClient(process.env.MONGO_URL);
  await store.db(database).collection('things').insertOne({ at: new Date() });
  const kafka = new Kafka({ clientId: 'inner', brokers: process.env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING, connectionTimeout: 10000 });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
  await admin.setOffsets({ groupId: group, topic, partitions: [{ partition: 0, offset: '0' }] });
  expect((await store.db('admin').admin().listDatabases({ nameOnly: true })).databases.map((d) => d.name)).toContain(database);
  expect(await admin.listTopics()).toContain(topic);
  expect((await admin.listGroups()).groups.map((g) => g.groupId)).toContain(group);
  await admin.disconnect();
  await store.close();
  writeFileSync(${JSON.stringify(made)}, JSON.stringify({ database, topic, group }));
});
`;

beforeAll(async () => {
  await store.db(foreign).collection('things').insertOne({ at: new Date() });
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function runInnerFile(): { status: number | null; output: string } {
  writeFileSync(join(dir, 'inner.test.js'), INNER_TEST);
  const config = {
    rootDir: dir,
    testMatch: ['<rootDir>/inner.test.js'],
    testEnvironment: join(root, 'test', 'support', 'component-environment.js'),
    testTimeout: 60_000,
    transform: {},
  };
  const jest = require.resolve('jest/bin/jest', { paths: [root] });
  const result = spawnSync(
    process.execPath,
    [
      jest,
      '--config',
      JSON.stringify(config),
      '--runInBand',
      '--ci',
      '--forceExit',
      '--cacheDirectory',
      join(dir, 'cache'),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, MONGO_URL: infra.mongoUrl, KAFKA_BROKERS: infra.kafkaBrokers.join(',') },
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the component tier drops what a test file named with uniqueName', () => {
  it('when the file has ended, its database, topic and consumer group are gone; a database it did not name stays', async () => {
    const inner = runInnerFile();
    expect(inner).toEqual({ status: 0, output: expect.stringContaining('1 passed') });
    const { database, topic, group } = JSON.parse(readFileSync(made, 'utf8')) as {
      database: string;
      topic: string;
      group: string;
    };

    expect(await findTestResources(startingWithAny([database, topic, group]), infra)).toEqual({
      databases: [],
      topics: [],
      groups: [],
    });
    expect((await findTestResources(startingWithAny([foreign]), infra)).databases).toEqual([foreign]);
  });
});
