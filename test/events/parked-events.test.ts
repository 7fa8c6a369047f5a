import { createKafka, namespaced } from '@travel/events';
import { PROFILES, resolveInfraUrls } from '@travel/local-deploy';
import { publishBytes, testLogger, UNDECODABLE, waitFor } from '@travel/testkit';
import { platformAdmin } from '../support/admin';
import { auditOf, codeOf, consoleCall, dataOf, platformStaff } from '../support/console-calls';
import type { ApiResponse } from '../support/gateway';
import { tenantStaff } from '../support/staff';

interface ParkedEvent {
  id: string;
  service: string;
  group: string;
  topic: string;
  key: string | null;
  eventId: string | null;
  reason: string;
  attempts: number;
  status: string;
  lastError: string;
  discardReason: string | null;
  envelope: string;
}
interface AuditEntry {
  action: string;
  target: { type: string; id: string };
  actor: { userId: string | null; email: string };
  details: Record<string, unknown>;
}
interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}
const pageOf = <T>(res: ApiResponse) => res.body as Page<T>;

/** Bytes that are no envelope, on the e2e stack's `booking.events`, under a key of this test's own. */
function publishGarbage(key: string): Promise<void> {
  const kafka = createKafka(
    resolveInfraUrls().kafkaBrokers,
    'e2e-parked-events',
    testLogger(),
    PROFILES.e2e.kafkaNamespace,
  );
  return publishBytes(kafka, namespaced(kafka, 'booking.events'), key);
}

/** Every parked event of the topic with this key, reading the merged list one event a page (the cursor at work). */
async function parkedWithKey(token: string, key: string): Promise<ParkedEvent[]> {
  const found: ParkedEvent[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `topic=booking.events&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
    const page: Page<ParkedEvent> = pageOf<ParkedEvent>(
      await consoleCall(token, 'GET', `/api/admin/events/parked?${query}`),
    );
    found.push(...page.data.filter((event) => event.key === key));
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

describe('parked events through the gateway', () => {
  it('when undecodable bytes reach booking.events, then every consuming group parks them at once; operators with the right list, read, replay (still poison) and discard them, audited', async () => {
    const admin = await platformAdmin();
    const operator = await platformStaff(admin, ['events']);
    const key = `bkg_e2e_garbage_${Date.now()}`;
    await publishGarbage(key);

    const parked = await waitFor(
      async () => {
        const events = await parkedWithKey(operator.token, key);
        expect(events.map((event) => event.service).sort()).toEqual([
          'billing',
          'promotions',
          'reports',
          'webhook',
        ]);
        return events;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    for (const event of parked)
      expect(event).toMatchObject({
        topic: 'booking.events',
        reason: 'poison',
        attempts: 1,
        status: 'parked',
        eventId: null,
      });
    const billing = parked.find((event) => event.service === 'billing') as ParkedEvent;
    expect(billing.group).toBe('billing-bookings');
    expect(billing.id).toMatch(/^pev_billing_[0-9a-f]{24}$/);

    const read = await consoleCall(operator.token, 'GET', `/api/admin/events/parked/${billing.id}`);
    expect(dataOf<ParkedEvent>(read)).toMatchObject({
      id: billing.id,
      envelope: UNDECODABLE.toString('base64'),
    });

    const replay = await consoleCall(operator.token, 'POST', `/api/admin/events/parked/${billing.id}/replay`);
    expect(replay.status).toBe(200);
    expect(dataOf<{ handled: boolean; event: ParkedEvent }>(replay)).toMatchObject({
      handled: false,
      followersHandled: 0,
      event: { status: 'parked', attempts: 2 },
    });

    expect(
      codeOf(
        await consoleCall(operator.token, 'POST', `/api/admin/events/parked/${billing.id}/discard`, {
          reason: ' ',
        }),
      ),
    ).toEqual([400, 'bad_request']);
    for (const event of parked) {
      const discarded = await consoleCall(
        operator.token,
        'POST',
        `/api/admin/events/parked/${event.id}/discard`,
        {
          reason: 'e2e garbage bytes',
        },
      );
      expect(dataOf<ParkedEvent>(discarded)).toMatchObject({
        status: 'discarded',
        discardReason: 'e2e garbage bytes',
      });
    }
    const again = await consoleCall(
      operator.token,
      'POST',
      `/api/admin/events/parked/${billing.id}/discard`,
      { reason: 'twice' },
    );
    expect(codeOf(again)).toEqual([409, 'conflict']);
    expect(await parkedWithKey(operator.token, key)).toEqual([]);
    const discardedList = pageOf<ParkedEvent>(
      await consoleCall(
        operator.token,
        'GET',
        '/api/admin/events/parked?status=discarded&group=billing-bookings&limit=100',
      ),
    );
    expect(discardedList.data.map((event) => event.id)).toContain(billing.id);
    // Each service stored its records' replays and discards with their entries, relayed to the log with the
    // operator who made them (docs/decisions/audit.md).
    await waitFor(async () =>
      expect(await auditOf(admin, billing.id)).toEqual(['parked_event.discarded', 'parked_event.replayed']),
    );
    const log = await admin.request<AuditEntry[]>('GET', '/api/admin/audit?limit=100');
    const entriesOf = (id: string) => log.filter((entry) => entry.target.id === id);
    expect(entriesOf(billing.id)).toEqual([
      expect.objectContaining({
        action: 'parked_event.discarded',
        actor: expect.objectContaining({ email: operator.email }),
        details: expect.objectContaining({
          group: 'billing-bookings',
          topic: 'booking.events',
          reason: 'e2e garbage bytes',
        }),
      }),
      expect.objectContaining({
        action: 'parked_event.replayed',
        actor: expect.objectContaining({ email: operator.email }),
        details: expect.objectContaining({ group: 'billing-bookings', handled: false }),
      }),
    ]);
    for (const event of parked.filter((other) => other !== billing))
      await waitFor(async () => expect(await auditOf(admin, event.id)).toEqual(['parked_event.discarded']));
  }, 120_000);

  it('when staff lack the right, or are tenant staff, or the id names no parked event, then they are refused', async () => {
    const admin = await platformAdmin();
    const auditor = await platformStaff(admin, ['audit']);
    expect(codeOf(await consoleCall(auditor.token, 'GET', '/api/admin/events/parked'))).toEqual([
      403,
      'forbidden',
    ]);
    const tenant = await tenantStaff(admin, ['bookings']);
    expect(codeOf(await consoleCall(tenant.token, 'GET', '/api/admin/events/parked'))).toEqual([
      403,
      'forbidden',
    ]);
    const operator = await platformStaff(admin, ['events']);
    const unknown = 'pev_billing_000000000000000000000000';
    expect(codeOf(await consoleCall(operator.token, 'GET', `/api/admin/events/parked/${unknown}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(
      codeOf(await consoleCall(operator.token, 'GET', '/api/admin/events/parked/pev_nowhere_1')),
    ).toEqual([404, 'not_found']);
    expect(
      codeOf(await consoleCall(operator.token, 'GET', '/api/admin/events/parked?cursor=bm9wZQ')),
    ).toEqual([400, 'bad_request']);
  });
});
