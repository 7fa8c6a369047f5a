import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import type { Newsletter } from '../domain/records';
import { findPage } from './list-page';
import { type NewsletterDocument, newsletterSchema } from './newsletter.schema';

export interface NewsletterRepository {
  /** Stored with its audit entry (as are the staff changes below). */
  insert(newsletter: Newsletter, entry: AuditEntry): Promise<void>;
  findById(id: string): Promise<Newsletter | null>;
  list(page: PageRequest): Promise<Newsletter[]>;
  /** Changes a draft; null when there is no draft with this id. */
  updateDraft(
    id: string,
    changes: Partial<Pick<Newsletter, 'subject' | 'html' | 'text'>>,
    at: Date,
    entry: AuditEntry,
  ): Promise<Newsletter | null>;
  /** A tombstone until its entry is relayed. */
  deleteDraft(id: string, entry: AuditEntry): Promise<boolean>;
  /** `draft` → `sending`, one conditional update: of two sends at once exactly one gets the newsletter. */
  claimSend(id: string, at: Date, entry: AuditEntry): Promise<Newsletter | null>;
  /** Takes the fan-out of one newsletter being sent whose lease ran out (or never began), until `leaseUntil`. */
  leaseFanout(now: Date, leaseUntil: Date): Promise<Newsletter | null>;
  /** Records fan-out progress while the lease is still ours; false when another replica took over. */
  advanceFanout(id: string, lease: Date, after: string, renewTo: Date): Promise<boolean>;
  /** Hands the lease back (a graceful stop), so the fan-out goes on at once elsewhere. */
  releaseFanout(id: string, lease: Date): Promise<void>;
  /** The fan-out is complete: `sending` → `sent`. */
  finishFanout(id: string, at: Date): Promise<void>;
}

export function createNewsletterRepository(connection: Connection, audit: AuditOutbox): NewsletterRepository {
  const model = audit.track(modelOn(connection, 'Newsletter', newsletterSchema));
  const one = (doc: NewsletterDocument | null) => (doc ? toNewsletter(doc) : null);
  const audited = (doc: NewsletterDocument | null) => {
    if (doc) audit.written();
    return one(doc);
  };
  return {
    async insert({ id, ...fields }, entry) {
      await model.create({ ...fields, _id: id, fanoutLeaseUntil: null, ...auditOf(entry) });
      audit.written();
    },
    findById: async (id) => one(await model.findById(id).lean<NewsletterDocument>()),
    list: async (page) => (await findPage(model, {}, page)).map(toNewsletter),
    updateDraft: async (id, changes, at, entry) =>
      audited(
        await model
          .findOneAndUpdate(
            { _id: id, status: 'draft' },
            withAuditEntry({ $set: { ...changes, updatedAt: at } }, entry),
            { new: true },
          )
          .lean<NewsletterDocument>(),
      ),
    deleteDraft: async (id, entry) =>
      (await audit.tombstone(model, { _id: id, status: 'draft' }, entry)) !== null,
    claimSend: async (id, at, entry) =>
      audited(
        await model
          .findOneAndUpdate(
            { _id: id, status: 'draft' },
            withAuditEntry(
              { $set: { status: 'sending', sendRequestedAt: at, updatedAt: at, fanoutLeaseUntil: null } },
              entry,
            ),
            { new: true },
          )
          .lean<NewsletterDocument>(),
      ),
    leaseFanout: async (now, leaseUntil) =>
      one(
        await model
          .findOneAndUpdate(
            {
              status: 'sending',
              $or: [{ fanoutLeaseUntil: null }, { fanoutLeaseUntil: { $lte: now } }],
            },
            { $set: { fanoutLeaseUntil: leaseUntil } },
            { new: true },
          )
          .lean<NewsletterDocument>(),
      ),
    async advanceFanout(id, lease, after, renewTo) {
      const result = await model.updateOne(
        { _id: id, status: 'sending', fanoutLeaseUntil: lease },
        { $set: { fanoutAfter: after, fanoutLeaseUntil: renewTo } },
      );
      return result.matchedCount === 1;
    },
    async releaseFanout(id, lease) {
      await model.updateOne({ _id: id, fanoutLeaseUntil: lease }, { $set: { fanoutLeaseUntil: null } });
    },
    async finishFanout(id, at) {
      await model.updateOne(
        { _id: id, status: 'sending' },
        { $set: { status: 'sent', sentAt: at, updatedAt: at, fanoutLeaseUntil: null } },
      );
    },
  };
}

function toNewsletter(doc: NewsletterDocument): Newsletter {
  const { _id, fanoutLeaseUntil: _lease, ...fields } = doc;
  return { id: _id, ...fields };
}
