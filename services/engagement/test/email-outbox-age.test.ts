import { metricValue } from '@travel/metrics';
import { uniqueName, waitFor } from '@travel/testkit';
import { createEmailRepository } from '../src/db/email.repository';
import { EMAIL_OUTBOX } from '../src/jobs/email-outbox-metrics';
import { newDatabase, startEngagement } from './engagement.fixture';

// The email outbox reports `outbox_oldest_pending_seconds` like every outbox: how late the sender is with the
// earliest due email. The service runs on a clock of the test's, its sender passing once at start and then
// only when nudged, so an email queued behind its back waits exactly as long as the clock says.
const database = newDatabase();
let clock = Date.now();
const now = () => new Date(clock);
const age = () => metricValue('outbox_oldest_pending_seconds', { outbox: EMAIL_OUTBOX });

it('when an email is due and the sender has not taken it, then the age rises; once sent, it is 0', async () => {
  const first = await startEngagement(database, { EMAIL_POLL_MS: '3600000' }, { now });
  const emails = createEmailRepository(first.mongo.connection);
  const id = uniqueName('eml');
  await emails.enqueue(
    [
      {
        id,
        to: 'ops@example.com',
        subject: 'Outbox age',
        html: null,
        text: 'Hello',
        headers: {},
        purpose: { kind: 'lead_reply', leadId: 'led_1' },
      },
    ],
    new Date(clock + 60_000),
  );
  expect(await age()).toBe(0); // not due yet
  clock += 150_000;
  expect(await age()).toBe(90);
  await first.service.stop();

  // A replica starting passes at once: it sends what is due.
  const second = await startEngagement(database, { EMAIL_POLL_MS: '3600000' }, { now });
  try {
    await waitFor(
      async () =>
        expect((await createEmailRepository(second.mongo.connection).findByIds([id]))[0]?.status).toBe(
          'sent',
        ),
      {
        timeoutMs: 20_000,
      },
    );
    expect(await age()).toBe(0);
  } finally {
    await second.mongo.connection.dropDatabase();
    await second.service.stop();
  }
});
