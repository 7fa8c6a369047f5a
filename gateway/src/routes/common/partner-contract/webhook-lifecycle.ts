import { MAX_OVERLAP_SECONDS } from '@travel/webhook-rules';
import { z } from 'zod';
import { WebhookEndpoint } from './components';

// The contract of secret rotation and recovery of a webhook endpoint (docs/decisions/partner-tools.md "Webhook secret rotation,
// auto-disable and recovery"); their operations are listed in operations.ts.

const TIMESTAMP = /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$/;

export const rotateWebhookSecretBody = z.strictObject({
  overlapSeconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_OVERLAP_SECONDS)
    .optional()
    .meta({
      description:
        'How long the replaced secret keeps signing beside the new one, in seconds: 0 (a leaked secret: it\n' +
        'stops at once) to 604800 (7 days). Default 86400 (24 hours).\n',
      examples: [86400],
    }),
});

export const rotatedWebhookSecret = WebhookEndpoint.extend({
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]{32}$/)
    .meta({ description: 'The new signing secret; returned only in this response.' }),
  previousSecretExpiresAt: z
    .string()
    .regex(TIMESTAMP)
    .nullable()
    .meta({ description: 'Until when the replaced secret still signs (UTC); null when it stopped at once.' }),
});

export const recoverWebhookBody = z.strictObject({
  // An ISO form no clock holds (an offset of 24 hours or more) is no time either: listed with the other problems.
  since: z.iso
    .datetime({ offset: true, abort: true })
    .refine((value) => !Number.isNaN(new Date(value).getTime()), 'must be an ISO 8601 time')
    .meta({
      description: 'ISO 8601 time: the deliveries listed as `failed` created at or after it are sent again.',
      examples: ['2026-11-21T10:00:00Z'],
    }),
});

export const recoveredWebhookDeliveries = z.strictObject({
  queued: z.number().int().min(0).meta({
    description: 'Deliveries listed as `failed` (a disable ended some) queued for a new attempt now.',
  }),
});
