import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { CustomerSession } from '../domain/customers/customer';
import { type CustomerSessionDocument, customerSessionSchema } from './customer-session.schema';

export interface CustomerSessionRepository {
  create(session: CustomerSession): Promise<void>;
  /** The session and whether it was revoked; null when it never existed. */
  find(id: string): Promise<(CustomerSession & { revoked: boolean }) | null>;
  /** True when this call revoked it; false when it already was or never existed. */
  revoke(id: string, reason: string, at: Date): Promise<boolean>;
}

export function createCustomerSessionRepository(connection: Connection): CustomerSessionRepository {
  const sessions = modelOn(connection, 'CustomerSession', customerSessionSchema);
  return {
    async create({ id, ...session }) {
      await sessions.create({ _id: id, ...session, revokedAt: null, revokeReason: null });
    },
    async find(id) {
      const doc = await sessions.findById(id).lean<CustomerSessionDocument>();
      if (!doc) return null;
      return {
        id: doc._id,
        customerId: doc.customerId,
        createdAt: doc.createdAt,
        expiresAt: doc.expiresAt,
        ip: doc.ip,
        userAgent: doc.userAgent,
        revoked: doc.revokedAt !== null && doc.revokedAt !== undefined,
      };
    },
    async revoke(id, reason, at) {
      // Conditional: of two racing revokers (logout and reuse detection) exactly one sees modifiedCount 1.
      const { modifiedCount } = await sessions.updateOne(
        { _id: id, revokedAt: null },
        { $set: { revokedAt: at, revokeReason: reason } },
      );
      return modifiedCount === 1;
    },
  };
}
