import { auditActorOf } from '@travel/audit';
import { parkedEvents as contract } from '@travel/contracts';
import {
  type RequestContext,
  requireCallerOf,
  requireRight,
  type ServiceBinding,
  type ServiceImplementation,
} from '@travel/grpc';
import type { EventConsumer } from './consumer';
import type { ParkedEvent, ParkedEventStore } from './parked-events';
import { createParkedEventsAdmin, type ParkedEventsAdmin } from './parked-events-admin';

/** The right platform staff need for every parked-event method (docs/access.md). */
export const EVENTS_RIGHT = 'events';

/**
 * `travel.events.v1.ParkedEventsService`, the same in every service that consumes events: thin handlers over
 * `createParkedEventsAdmin`, for platform staff with the right `events` only.
 */
export function createParkedEventsGrpc(
  admin: ParkedEventsAdmin,
): ServiceImplementation<typeof contract.ParkedEventsServiceDefinition, RequestContext> {
  const staffOf = (wire: contract.ListParkedEventsRequest['caller']) => {
    const caller = requireCallerOf(wire, 'platform-staff');
    requireRight(caller, EVENTS_RIGHT);
    // Who, from where: the replay's or discard's audit entry names them.
    return auditActorOf(caller);
  };
  return {
    async listParkedEvents(request) {
      staffOf(request.caller);
      const page = await admin.list(request);
      return { events: page.events.map(toWire), nextCursor: page.nextCursor };
    },
    async getParkedEvent(request) {
      staffOf(request.caller);
      return { event: toWire(await admin.get(request.id)) };
    },
    async replayParkedEvent(request, { logger }) {
      const by = staffOf(request.caller);
      const outcome = await admin.replay(request.id, by, logger);
      return { ...outcome, event: toWire(outcome.event) };
    },
    async discardParkedEvent(request) {
      const by = staffOf(request.caller);
      return { event: toWire(await admin.discard(request.id, request.reason, by)) };
    },
  };
}

function toWire(event: ParkedEvent): contract.ParkedEvent {
  return {
    id: event.id,
    group: event.group,
    topic: event.topic,
    partition: event.partition,
    offset: String(event.offset),
    key: event.key ?? '',
    eventId: event.eventId ?? '',
    eventType: event.eventType ?? '',
    reason: event.reason,
    lastError: event.lastError,
    attempts: event.attempts,
    firstFailedAt: event.firstFailedAt,
    lastFailedAt: event.lastFailedAt,
    parkedAt: event.parkedAt,
    status: event.status,
    resolvedAt: event.resolvedAt ?? undefined,
    resolvedBy: event.resolvedBy,
    discardReason: event.discardReason,
    payload: event.value,
  };
}

/** The `ParkedEventsService` entry of a service's gRPC server, over its parked-event store and its consumers. */
export function parkedEventsServiceOf(
  store: ParkedEventStore,
  consumers: readonly EventConsumer[],
): ServiceBinding {
  return {
    definition: contract.ParkedEventsServiceDefinition,
    implementation: createParkedEventsGrpc(createParkedEventsAdmin({ store, consumers })),
  };
}
