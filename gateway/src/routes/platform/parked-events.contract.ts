import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The parked-event routes' schemas (parked-events.routes.ts validates with them); words in internal.texts.yaml.

const time = z.iso.datetime();

export const ParkedEvent = z.strictObject({
  id: z
    .string()
    .regex(/^pev_[a-z]+_[0-9a-f]{24}$/)
    .meta({
      description:
        '`pev_<service>_<hash>`: the service that consumed it, and its group, topic, partition and offset.',
    }),
  service: z.string().meta({ description: 'The service whose consumer group parked it.' }),
  group: z
    .string()
    .meta({ description: 'The consumer group (`billing-bookings`, `webhook-deliveries`, ...).' }),
  topic: z.string(),
  partition: z.number().int().min(0),
  offset: z.string().meta({ description: 'The offset in its partition, as a decimal string.' }),
  key: z.string().nullable().meta({ description: 'The message key (the aggregate id: a booking id, ...).' }),
  eventId: z
    .string()
    .nullable()
    .meta({ description: 'From the envelope; null when it could not be decoded.' }),
  eventType: z.string().nullable(),
  reason: z.enum(['poison', 'budget', 'blocked']).meta({
    description:
      '`poison`: it can never be handled (undecodable, or refused by its handler for good); `budget`: it failed ' +
      'every attempt of its retry budget; `blocked`: an earlier event of its key is parked, in a group that keeps ' +
      'per-key order.',
  }),
  lastError: z.string(),
  attempts: z.number().int().min(0).meta({ description: 'Handler runs so far, replays included.' }),
  firstFailedAt: time,
  lastFailedAt: time,
  parkedAt: time,
  status: z.enum(['parked', 'replayed', 'discarded']),
  resolvedAt: time.nullable(),
  resolvedBy: z.string().nullable().meta({ description: 'The staff member who replayed or discarded it.' }),
  discardReason: z.string().nullable(),
  envelope: z.string().meta({ description: 'The message bytes as they were on the topic, base64.' }),
});

export const ParkedEventReplay = z.strictObject({
  handled: z.boolean().meta({ description: 'True when the handler took the event this time.' }),
  followersHandled: z.number().int().min(0).meta({
    description: 'Events of the same key parked behind it that were replayed and handled after it.',
  }),
  event: ParkedEvent,
});

export const listParkedEventsQuery = pageQuery.extend({
  group: z.string().min(1).max(100).optional().meta({ description: "Only this consumer group's events." }),
  topic: z.string().min(1).max(200).optional().meta({ description: 'Only events from this topic.' }),
  parkedBefore: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: 'Only events parked at or before this time (the older ones).' }),
  status: z
    .enum(['parked', 'replayed', 'discarded'])
    .default('parked')
    .meta({ description: 'Parked (default), or those already replayed or discarded.' }),
});

export const discardParkedEventBody = z.strictObject({
  reason: nonBlank(500).meta({ description: 'Why the event is given up; kept and audited.' }),
});

const parkedEventIdParams = z.object({
  id: z
    .string()
    .meta({ description: '`pev_<service>_<hash>`.', examples: ['pev_billing_0123456789abcdef01234567'] }),
});

const ParkedEventBody = dataOf(ParkedEvent);

export const parkedEventsContract = {
  operations: defineOperations({
    listParkedEvents: {
      method: 'get',
      path: '/admin/events/parked',
      query: listParkedEventsQuery,
      responses: { '200': pageOf(ParkedEvent) },
    },
    getParkedEvent: {
      method: 'get',
      path: '/admin/events/parked/{id}',
      params: parkedEventIdParams,
      responses: { '200': ParkedEventBody },
    },
    replayParkedEvent: {
      method: 'post',
      path: '/admin/events/parked/{id}/replay',
      params: parkedEventIdParams,
      responses: { '200': dataOf(ParkedEventReplay) },
    },
    discardParkedEvent: {
      method: 'post',
      path: '/admin/events/parked/{id}/discard',
      params: parkedEventIdParams,
      body: discardParkedEventBody,
      bodyRequired: true,
      responses: { '200': ParkedEventBody },
    },
  }),
  components: { ParkedEvent, ParkedEventReplay },
};
