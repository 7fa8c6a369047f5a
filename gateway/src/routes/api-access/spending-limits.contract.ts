import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { ApiKeyBody, keyIdParams } from './api-access.contract';

// A key's spending limits, set from either console (spending-limits.routes.ts); the words are in
// internal.texts.yaml, the rules in docs/access.md "Spending limits per key".

const limit = () => z.number().int().min(1).max(1_000_000_000).nullable();

export const SpendingLimits = z
  .strictObject({
    dailyLimit: limit().meta({
      description: "Whole rupees (INR) the key's bookings may total per UTC day; null is no limit.",
    }),
    perBookingLimit: limit().meta({
      description:
        "Whole rupees (INR) one booking's total may be at most; null is no limit. Not more than `dailyLimit`.",
      'x-rule': 'not more than dailyLimit',
    }),
  })
  .meta({
    description:
      "An API key's spending limits; booking refuses a booking past them (`403 spending_limit_exceeded`).",
    examples: [{ dailyLimit: 500_000, perBookingLimit: 50_000 }],
  });

/** PUT replaces both; `perBookingLimit` may not be more than `dailyLimit` (identity checks it too). */
export const setSpendingLimitsBody = SpendingLimits.superRefine((limits, context) => {
  if (
    limits.dailyLimit !== null &&
    limits.perBookingLimit !== null &&
    limits.perBookingLimit > limits.dailyLimit
  )
    context.addIssue({
      code: 'custom',
      path: ['perBookingLimit'],
      message: 'Must not be more than dailyLimit.',
    });
});

export const spendingLimitsContract = {
  operations: defineOperations({
    setApiKeySpendingLimits: {
      method: 'put',
      path: '/admin/api-access/keys/{id}/spending-limits',
      params: keyIdParams,
      body: setSpendingLimitsBody,
      bodyRequired: true,
      responses: { '200': ApiKeyBody },
    },
    setOwnApiKeySpendingLimits: {
      method: 'put',
      path: '/admin/api-console/keys/{id}/spending-limits',
      params: keyIdParams,
      body: setSpendingLimitsBody,
      bodyRequired: true,
      responses: { '200': ApiKeyBody },
    },
  }),
  components: { SpendingLimits },
};
