import type { AuditEntry, PendingAuditEntries } from '@travel/audit';
import { inOrderMade } from './audit-relay';

const entry = (action: string, at: string): AuditEntry => ({
  id: `aud_${action}`,
  action,
  target: { type: 'payment_gateway', id: 'pgw_1' },
  details: {},
  actor: { userId: null, email: 'desk@example.com', tenantId: null },
  ip: '203.0.113.1',
  requestId: 'req_1',
  at: new Date(`2026-11-29T10:00:0${at}Z`),
});

const runsOf = (pending: PendingAuditEntries[]) =>
  inOrderMade(pending).map(
    (run) => `${String(run.documentId)}: ${run.entries.map((e) => e.action).join(', ')}`,
  );

describe('audit relay order', () => {
  it('when one pass reads a gateway and the default that names it, then their entries go out in the order they were made', () => {
    const gateway = {
      collection: 'payment_gateways',
      documentId: 'pgw_1',
      entries: [entry('created', '1'), entry('updated', '2'), entry('deleted', '4')],
    };
    const settings = { collection: 'settings', documentId: 'default', entries: [entry('default_set', '3')] };
    expect(runsOf([gateway, settings])).toEqual([
      'pgw_1: created, updated',
      'default: default_set',
      'pgw_1: deleted',
    ]);
  });

  it("when a document's entries were pushed out of clock order, then they keep their pushed order", () => {
    const doc = {
      collection: 'invoices',
      documentId: 'inv_1',
      entries: [entry('issued', '5'), entry('voided', '2')],
    };
    const other = { collection: 'wallets', documentId: 'wal_1', entries: [entry('credited', '3')] };
    expect(runsOf([doc, other])).toEqual(['wal_1: credited', 'inv_1: issued, voided']);
  });

  it('when nothing waits, then there is nothing to publish', () => {
    expect(inOrderMade([{ collection: 'invoices', documentId: 'inv_1', entries: [] }])).toEqual([]);
  });
});
