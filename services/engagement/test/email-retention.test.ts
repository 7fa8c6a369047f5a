import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { collections } from '../src/db/collections';
import { createEmailRepository } from '../src/db/email.repository';
import { createEmailRetention } from '../src/db/email-retention';
import type { OutboundEmail } from '../src/domain/records';
import { createSweepEmails } from '../src/jobs/sweep-emails';

// The emails' retention sweep against the real store (docs/retention.md): sent and given-up emails older than
// the retention go; pending or retrying ones, and a newsletter's (its counts read them), stay.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_en_retention'),
  logger: testLogger(),
  collections,
});
const emails = createEmailRepository(mongo.connection);
const DAY_MS = 86_400_000;
const sweep = createSweepEmails({
  retention: createEmailRetention(mongo.connection),
  keepMs: 30 * DAY_MS,
  now: () => new Date('2026-06-01T00:00:00Z'),
  logger: testLogger(),
});

// The index migration first, as every process's database gets it before the process starts.
beforeAll(async () => {
  await mongo.migrate();
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const email = (id: string, purpose: OutboundEmail['purpose']): OutboundEmail => ({
  id,
  to: 'someone@example.com',
  subject: 'Hello',
  html: null,
  text: 'Hello',
  headers: {},
  purpose,
});

it('when the sweep runs, then done emails older than the retention are deleted and the others stay', async () => {
  const old = new Date('2026-04-01T00:00:00Z');
  const recent = new Date('2026-05-25T00:00:00Z');
  const reply = { kind: 'lead_reply', leadId: 'led_1' } as const;
  await emails.enqueue(
    [email('eml_sent', reply), email('eml_gaveup', reply), email('eml_retrying', reply)],
    old,
  );
  await emails.enqueue([email('eml_news', { kind: 'newsletter', newsletterId: 'nl_1' })], old);
  await emails.enqueue([email('eml_recent', reply)], recent);
  await emails.markSent('eml_sent', old);
  await emails.markSent('eml_news', old);
  await emails.markSent('eml_recent', recent);
  await emails.markFailed('eml_gaveup', 0, 'refused', null);
  await emails.markFailed('eml_retrying', 0, 'refused', new Date('2026-06-02T00:00:00Z'));
  await sweep();
  const left = (await emails.findByIds(['eml_sent', 'eml_gaveup', 'eml_retrying', 'eml_news', 'eml_recent']))
    .map((e) => e.id)
    .sort();
  expect(left).toEqual(['eml_news', 'eml_recent', 'eml_retrying']);
  expect(await emails.countsOf('nl_1')).toEqual({ pending: 0, sent: 1, failed: 0 });
});
