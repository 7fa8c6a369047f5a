import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody, directoryPageQuery } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf } from '../common/partner-contract/operations';

// The payment gateway routes' schemas (payment-gateways.routes.ts validates with them); words in
// internal.texts.yaml.

/** What a stored gateway may name (older ones name providers that were refused since). */
const PaymentProvider = z.enum(['razorpay', 'stripe', 'payu', 'cashfree', 'simulated']);
/** What a gateway may be created with: the providers billing has an adapter for. */
const SupportedPaymentProvider = z.enum(['stripe', 'simulated']).meta({
  description: 'A provider billing has an adapter for; any other is `400` naming these.',
});

/** Write-only: field names and secret values; never answered, logged or audited. */
export const GatewayCredentials = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'field names are letters, digits and _'),
    z.string().min(1).max(2000),
  )
  .refine((value) => Object.keys(value).length <= 10, 'at most 10 fields')
  .meta({
    description: 'Write-only. Field names (letters, digits, `_`) to secret values; at most 10.',
    maxProperties: 10,
  });

export const PaymentGateway = z.strictObject({
  id: z.string().meta({ description: '`pgw_<n>`.' }),
  provider: PaymentProvider,
  displayName: z.string(),
  isDefault: z.boolean().meta({ description: 'Storefront payments go through the default; at most one is.' }),
  credentialsSet: z.boolean().meta({ description: 'Credentials are stored (they are never answered).' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const PaymentGatewayBody = dataOf(PaymentGateway);
const gatewayIdParams = z.object({ id: z.string().meta({ description: '`pgw_<n>`.', examples: ['pgw_3'] }) });
const displayName = nonBlank(100);

/** What the provider's adapter needs, which depends on the provider (billing checks it). */
const credentialsRule = { 'x-rule': "a stripe gateway's hold secretKey and webhookSecret" };

export const createPaymentGatewayBody = z.strictObject({
  provider: SupportedPaymentProvider,
  displayName,
  credentials: GatewayCredentials.default({}).meta(credentialsRule),
});

export const updatePaymentGatewayBody = z.strictObject({
  displayName: displayName.optional(),
  credentials: GatewayCredentials.optional().meta(credentialsRule),
});

/** Whether a card payment made now would be taken, and by what (docs/payments.md). */
export const PaymentStatus = z.strictObject({
  scope: z.literal('platform').meta({
    description:
      "Gateways are the platform's: the storefront is the only channel that takes card payments; tenants and partners are invoiced, so no tenant has (or needs) a gateway of its own.",
  }),
  cardPayments: z.enum(['provider', 'simulator', 'refused']).meta({
    description:
      '`provider`: the default gateway charges; `simulator`: the built-in simulator charges and no money moves; `refused`: no usable gateway, so card payments fail closed (`503 payment_gateway_unavailable`, nothing charged).',
  }),
  defaultGatewayId: z
    .string()
    .nullable()
    .meta({ description: '`pgw_<n>` of the default gateway; null when none is usable.' }),
  simulatorEnabled: z.boolean().meta({
    description:
      "Billing's `PAYMENT_SIMULATOR`: on in the local and test stacks, off (and refused) in production.",
  }),
  refusal: z.enum(['no_gateway', 'simulator_disabled', 'gateway_unusable']).nullable().meta({
    description: 'Why card payments are refused; null when they are not.',
  }),
  message: z.string(),
});

/** `set-default` takes no body; an empty one or `{}` is fine. */
export const setDefaultPaymentGatewayBody = z.strictObject({});

export const paymentGatewaysContract = {
  operations: defineOperations({
    getPaymentStatus: {
      method: 'get',
      path: '/admin/payment-gateways/status',
      responses: { '200': dataOf(PaymentStatus) },
    },
    listPaymentGateways: {
      method: 'get',
      path: '/admin/payment-gateways',
      query: directoryPageQuery,
      responses: { '200': pageOf(PaymentGateway) },
    },
    createPaymentGateway: {
      method: 'post',
      path: '/admin/payment-gateways',
      body: createPaymentGatewayBody,
      bodyRequired: true,
      responses: { '201': PaymentGatewayBody },
    },
    updatePaymentGateway: {
      method: 'put',
      path: '/admin/payment-gateways/{id}',
      params: gatewayIdParams,
      body: updatePaymentGatewayBody,
      bodyRequired: true,
      responses: { '200': PaymentGatewayBody },
    },
    deletePaymentGateway: {
      method: 'delete',
      path: '/admin/payment-gateways/{id}',
      params: gatewayIdParams,
      responses: { '200': DeletedBody },
    },
    setDefaultPaymentGateway: {
      method: 'post',
      path: '/admin/payment-gateways/{id}/set-default',
      params: gatewayIdParams,
      body: setDefaultPaymentGatewayBody,
      responses: { '200': PaymentGatewayBody },
    },
  }),
  components: { GatewayCredentials, PaymentGateway, PaymentStatus },
  responses: { PaymentGateway: PaymentGatewayBody },
};
