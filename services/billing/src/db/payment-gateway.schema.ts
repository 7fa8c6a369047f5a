import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { SealedCredentials } from '../domain/credentials-cipher';
import type { Provider } from '../domain/payment-gateway';

export interface PaymentGatewayDocument {
  _id: string;
  n: number;
  provider: Provider;
  displayName: string;
  credentials: SealedCredentials | null;
  createdAt: Date;
  updatedAt: Date;
}

export const paymentGatewaySchema = new Schema<PaymentGatewayDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    provider: { type: String, required: true },
    displayName: { type: String, required: true },
    // A `sealed:v1:` string; an `{iv, tag, data}` object of the first cipher until re-sealed.
    credentials: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'payment_gateways', versionKey: false },
);
// Serves ListPaymentGateways, oldest first, page by page.
paymentGatewaySchema.index({ n: 1 });

/**
 * Which gateway is the default: one document (`_id: 'default'`), so choosing another is one write and
 * there is never more than one default, whatever races.
 */
export interface DefaultGatewayDocument {
  _id: 'default';
  gatewayId: string | null;
  updatedAt: Date;
}

export const defaultGatewaySchema = new Schema<DefaultGatewayDocument>(
  {
    _id: { type: String, required: true },
    gatewayId: { type: String, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'payment_gateway_default', versionKey: false },
);
// Staff changes carry their audit entries until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(paymentGatewaySchema, { tombstones: true });
withAuditOutbox(defaultGatewaySchema);
