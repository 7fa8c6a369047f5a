import { auditEntry, systemActor } from '@travel/audit';
import { createMongo } from '@travel/mongo';
import { awaitTtlPass, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createAuditLogRepository } from '../src/db/audit-log.repository';
import { collections } from '../src/db/collections';
import { createRefreshTokenRepository } from '../src/db/refresh-token.repository';
import { createStaffSessionRepository } from '../src/db/staff-session.repository';
import type { AuditRecord } from '../src/domain/audit/audit';

// Identity's TTL retentions against the real store (docs/retention.md): rows written by a clock set past their
// retention are gone after one pass of the store's TTL monitor, rows inside it stay. Nobody waits for days.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_id_retention'),
  logger: testLogger(),
  collections,
});
const DAY_MS = 86_400_000;
const yearAndMore = new Date(Date.now() - 401 * DAY_MS);
const auditThen = createAuditLogRepository(mongo.connection, {
  retentionMs: 400 * DAY_MS,
  now: () => yearAndMore,
});
const auditNow = createAuditLogRepository(mongo.connection, { retentionMs: 400 * DAY_MS });
const keepMs = 30 * DAY_MS;
const tokens = createRefreshTokenRepository(mongo.connection, { keepMs });
const sessions = createStaffSessionRepository(mongo.connection, { keepMs });

// The index migration first, as every process's database gets it before the process starts.
beforeAll(async () => {
  await mongo.migrate();
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const entry = (action: string): AuditRecord => ({
  actor: { userId: 'usr_1', email: 'a@example.com', tenantId: null },
  action,
  target: { type: 'tenant', id: 'ten_1' },
  details: {},
  ip: '127.0.0.1',
  requestId: 'req_retention',
});

/** The sign-in's entry its session is stored with (docs/decisions/audit.md). */
const signIn = (id: string, at: Date) =>
  auditEntry(systemActor(), { action: 'auth.login', target: { type: 'staff_session', id } }, at);

it('when audit entries, refresh tokens, their uses, revocations and sessions are past their retention, then the store deletes them and keeps the rest', async () => {
  await auditThen.record(entry('tenant.created'));
  await auditNow.record(entry('tenant.updated'));
  const monthAgo = new Date(Date.now() - 31 * DAY_MS);
  await tokens.store('hash_old', 'ses_old', monthAgo);
  await tokens.claimUse('hash_old', 'ses_old', monthAgo);
  await tokens.store('hash_new', 'ses_new', new Date());
  await sessions.create(
    {
      id: 'ses_old',
      userId: 'usr_1',
      createdAt: monthAgo,
      expiresAt: new Date(monthAgo.getTime() + keepMs),
      ip: '',
      userAgent: '',
    },
    signIn('ses_old', monthAgo),
  );
  await sessions.revoke('ses_old', 'logout', monthAgo);
  await sessions.create(
    {
      id: 'ses_new',
      userId: 'usr_1',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + keepMs),
      ip: '',
      userAgent: '',
    },
    signIn('ses_new', new Date()),
  );
  await sessions.revoke('ses_new', 'logout', new Date());

  await awaitTtlPass(mongo.connection.db);

  expect((await auditNow.list({ limit: 10 })).entries.map((e) => e.action)).toEqual(['tenant.updated']);
  expect(await tokens.sessionOf('hash_old')).toBeNull();
  expect(await tokens.sessionOf('hash_new')).toBe('ses_new');
  // The old token's use is gone too: claiming it again now lands (its session is gone, so nothing accepts it).
  expect(await mongo.connection.collection('refresh_token_uses').countDocuments()).toBe(0);
  expect(await sessions.find('ses_old')).toBeNull();
  expect(await sessions.find('ses_new')).toMatchObject({ revoked: true });
  expect(await mongo.connection.collection('session_revocations').distinct('_id')).toEqual(['ses_new']);
}, 120_000);
