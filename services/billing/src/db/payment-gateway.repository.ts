import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { SealedCredentials } from '../domain/credentials-cipher';
import type { PaymentGateway } from '../domain/payment-gateway';
import {
  type DefaultGatewayDocument,
  defaultGatewaySchema,
  type PaymentGatewayDocument,
  paymentGatewaySchema,
} from './payment-gateway.schema';

export interface PaymentGatewayRepository {
  /** Each staff change is stored with its audit entry (a delete leaves a tombstone until it is relayed). */
  insert(gateway: PaymentGateway, n: number, entry: AuditEntry): Promise<void>;
  find(id: string): Promise<PaymentGateway | null>;
  /** Oldest first (by `n`), `count` at most after the gateway numbered `afterN`. */
  list(afterN: number | undefined, count: number): Promise<Array<PaymentGateway & { n: number }>>;
  /** The gateway as changed, or null when there is none. */
  update(
    id: string,
    change: { displayName?: string; credentials?: SealedCredentials | null },
    at: Date,
    entry: AuditEntry,
  ): Promise<PaymentGateway | null>;
  remove(id: string, entry: AuditEntry): Promise<boolean>;
  /** Every gateway with credentials, as stored (for the re-seal command). */
  storedCredentials(): Promise<{ id: string; credentials: SealedCredentials }[]>;
  /** Puts `to` in place of the stored credentials only while they are still `from` (a write in between wins). */
  replaceSealed(id: string, from: SealedCredentials, to: string): Promise<boolean>;
  defaultId(): Promise<string | null>;
  /** Makes it the default in one write (the one before stops being it in the same write). */
  setDefault(id: string, at: Date, entry: AuditEntry): Promise<void>;
  /** Clears the default if it is this gateway (a deleted gateway is nobody's default). */
  clearDefault(id: string, at: Date): Promise<void>;
}

/** `audit`: the service's outbox; the re-seal command, which audits nothing, may leave it to a private one. */
export function createPaymentGatewayRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): PaymentGatewayRepository {
  const gateways = audit.track(modelOn(connection, 'PaymentGateway', paymentGatewaySchema));
  const defaults = audit.track(modelOn(connection, 'PaymentGatewayDefault', defaultGatewaySchema));
  // The default document is created once by a unique insert (never a racing upsert), then only updated.
  const ensureDefaultDoc = () =>
    insertIfAbsent(defaults, { _id: 'default', gatewayId: null, updatedAt: new Date(0) });
  return {
    async insert(gateway, n, entry) {
      const { id, ...fields } = gateway;
      await gateways.create({ ...fields, _id: id, n, ...auditOf(entry) });
      audit.written();
    },
    async find(id) {
      return toGateway(await gateways.findById(id).lean<PaymentGatewayDocument>());
    },
    async list(afterN, count) {
      const docs = await gateways
        .find(afterN === undefined ? {} : { n: { $gt: afterN } })
        .sort({ n: 1 })
        .limit(count)
        .lean<PaymentGatewayDocument[]>();
      return docs.flatMap((doc) => {
        const gateway = toGateway(doc);
        return gateway ? [{ ...gateway, n: doc.n }] : [];
      });
    },
    async update(id, change, at, entry) {
      const doc = await gateways
        .findOneAndUpdate({ _id: id }, withAuditEntry({ $set: { ...change, updatedAt: at } }, entry), {
          new: true,
        })
        .lean<PaymentGatewayDocument>();
      if (doc) audit.written();
      return toGateway(doc);
    },
    async remove(id, entry) {
      return (await audit.tombstone(gateways, { _id: id }, entry)) !== null;
    },
    async storedCredentials() {
      const docs = await gateways
        .find({ credentials: { $ne: null } }, { credentials: 1 })
        .lean<Pick<PaymentGatewayDocument, '_id' | 'credentials'>[]>();
      return docs.flatMap((doc) => (doc.credentials ? [{ id: doc._id, credentials: doc.credentials }] : []));
    },
    async replaceSealed(id, from, to) {
      const still = typeof from === 'string' ? { credentials: from } : { 'credentials.data': from.data };
      return (
        (await gateways.updateOne({ _id: id, ...still }, { $set: { credentials: to } })).modifiedCount === 1
      );
    },
    async defaultId() {
      return (await defaults.findById('default').lean<DefaultGatewayDocument>())?.gatewayId ?? null;
    },
    async setDefault(id, at, entry) {
      await ensureDefaultDoc();
      await defaults.updateOne(
        { _id: 'default' },
        withAuditEntry({ $set: { gatewayId: id, updatedAt: at } }, entry),
      );
      audit.written();
    },
    async clearDefault(id, at) {
      await defaults.updateOne(
        { _id: 'default', gatewayId: id },
        { $set: { gatewayId: null, updatedAt: at } },
      );
    },
  };
}

function toGateway(doc: PaymentGatewayDocument | null): PaymentGateway | null {
  if (!doc) return null;
  return {
    id: doc._id,
    provider: doc.provider,
    displayName: doc.displayName,
    credentials: doc.credentials ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
