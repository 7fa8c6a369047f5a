import { z } from 'zod';
import { documentedAs } from '../../../openapi/documented-as';
import { WebhookEventData, WebhookEventType } from './components';

// The events feed's schemas (`GET /events`, `GET /events/{id}`): the envelope webhook deliveries carry, with
// the event's place in the client's stream.

const SEQUENCE_RULE = 'must be a sequence, an integer from 0';

export const Event = z
  .strictObject({
    id: z
      .string()
      .regex(/^evt_[A-Za-z0-9]+$/)
      .meta({ description: 'The id every webhook delivery of the event carries; de-duplicate on it.' }),
    type: WebhookEventType,
    created: z.string().meta({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' }),
    livemode: z.boolean(),
    sequence: z
      .number()
      .int()
      .min(1)
      .meta({
        description:
          "The event's place in the client's feed (per environment: a test key's feed is numbered on its own):\n" +
          '1, 2, 3, ..., one per event, never reused and never skipped, so a number you have not seen is an\n' +
          'event you missed. Deliveries of the event to your endpoints carry the same number.\n',
      }),
    data: WebhookEventData,
  })
  .meta({
    description: 'One event of the feed: the body its webhook deliveries carry, with its `sequence`.',
    examples: [
      {
        id: 'evt_k3J9x0QmT2vR8aLp5sWd',
        type: 'booking.created',
        created: '2026-11-21T10:00:00.123Z',
        livemode: true,
        sequence: 42,
        data: {
          id: 'bkg_1042',
          pnr: 'K7Q2ZP',
          type: 'flight',
          status: 'Upcoming',
          amount: 10943,
          currency: 'INR',
          reference: 'PO-2026-1042',
          simulated: true,
        },
      },
    ],
  });

/** `GET /events` adds these to `limit` and `cursor`: `after` turns the list into oldest-first catch-up. */
export const eventFilters = {
  after: documentedAs(
    z
      .string()
      .regex(/^[0-9]{1,15}$/, SEQUENCE_RULE)
      .transform(Number)
      .optional(),
    {
      type: 'integer',
      minimum: 0,
      maximum: 999_999_999_999_999,
      description:
        'Catch-up: the highest `sequence` you have processed (`0` for everything kept). The page holds\n' +
        'the events after it, oldest first. Not together with `cursor` (`400 bad_request` on `after`).\n',
      examples: [41],
      'x-rule': 'not together with cursor',
    },
  ),
  type: WebhookEventType.optional().meta({
    description: 'Only events of this type (the sequences of the other types are then skipped, not missing).',
  }),
};

/** `evt_` and letters or digits: any other form names no event (`404` without asking the service). */
export const eventIdParams = z.object({
  id: z
    .string()
    .regex(/^evt_[A-Za-z0-9]{1,40}$/)
    .meta({
      description:
        "The event's id, `evt_...`, as the feed or a webhook delivery gave it. Any other form is `404 not_found`.",
      examples: ['evt_k3J9x0QmT2vR8aLp5sWd'],
    }),
});
