import type { caller, webhook } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import { deliveryReaderOf, endpointCallerOf, type TenantOfClient } from '../domain/caller';
import type { AttemptRecord, AttemptResult, DeliveryHistory } from '../domain/deliveries/delivery';
import type { createPageDeliveries } from '../domain/deliveries/page-deliveries';
import type { createReadDeliveries } from '../domain/deliveries/read-deliveries';
import type { createRecoverDeliveries } from '../domain/deliveries/recover-deliveries';
import type { createRedeliver } from '../domain/deliveries/redeliver';
import type { Endpoint } from '../domain/endpoints/endpoint';
import type { createManageEndpoints } from '../domain/endpoints/manage-endpoints';
import type { createPingEndpoint } from '../domain/endpoints/ping-endpoint';
import type { createRotateSecret } from '../domain/endpoints/rotate-secret';
import type { createUpdateEndpoint } from '../domain/endpoints/update-endpoint';

export interface WebhookUseCases {
  manage: ReturnType<typeof createManageEndpoints>;
  readDeliveries: ReturnType<typeof createReadDeliveries>;
  pageDeliveries: ReturnType<typeof createPageDeliveries>;
  redeliver: ReturnType<typeof createRedeliver>;
  pingEndpoint: ReturnType<typeof createPingEndpoint>;
  updateEndpoint: ReturnType<typeof createUpdateEndpoint>;
  rotateSecret: ReturnType<typeof createRotateSecret>;
  recoverDeliveries: ReturnType<typeof createRecoverDeliveries>;
}

/**
 * Thin handlers: resolve the caller (none: refused; a tenant's staff for one client of theirs, asking identity
 * through `tenantOf`), decode, call one use case, encode.
 */
export function createWebhookGrpc(
  useCases: WebhookUseCases,
  tenantOf: TenantOfClient,
): ServiceImplementation<typeof webhook.WebhookServiceDefinition, RequestContext> {
  const ownerOf = (request: {
    caller?: caller.Caller | undefined;
    client?: webhook.ClientScope | undefined;
  }) => endpointCallerOf(request.caller, request.client, tenantOf);
  return {
    async registerEndpoint(request) {
      const { endpoint, secret } = await useCases.manage.register(
        await ownerOf(request),
        request.url,
        request.events,
      );
      return { endpoint: encodeEndpoint(endpoint), secret };
    },
    async listEndpoints(request) {
      const endpoints = await useCases.manage.list(await ownerOf(request));
      return { endpoints: endpoints.map(encodeEndpoint) };
    },
    async deleteEndpoint(request) {
      return { id: await useCases.manage.remove(await ownerOf(request), request.id) };
    },
    async listDeliveries(request) {
      const caller = await deliveryReaderOf(request.caller, request.client, tenantOf);
      if (request.limit !== undefined) {
        if (!request.endpointId) throw new AppError('bad_request', 'A page of deliveries names an endpoint.');
        const page = await useCases.pageDeliveries(caller, {
          endpointId: request.endpointId,
          limit: request.limit,
          cursor: request.cursor,
          status: request.status,
          eventType: request.eventType,
        });
        return { deliveries: page.deliveries.map(encodeDelivery), nextCursor: page.nextCursor };
      }
      const views = await useCases.readDeliveries(caller, {
        eventId: request.eventId,
        endpointId: request.endpointId,
      });
      return { deliveries: views.map(encodeDelivery) };
    },
    async redeliverDelivery(request) {
      const done = await useCases.redeliver(await ownerOf(request), {
        endpointId: request.endpointId,
        deliveryId: request.deliveryId,
        idempotencyKey: request.idempotencyKey,
      });
      return {
        delivery: encodeDelivery(done.delivery),
        attempt: encodeAttempt(done.attempt),
        replayed: done.replayed,
      };
    },
    async pingEndpoint(request) {
      const { eventId, attempt } = await useCases.pingEndpoint(await ownerOf(request), request.id);
      return { eventId, attempt: encodeAttempt({ ...attempt, number: 0 }) };
    },
    async updateEndpoint(request) {
      const endpoint = await useCases.updateEndpoint(await ownerOf(request), request.id, {
        ...(request.url === undefined ? {} : { url: request.url }),
        ...(request.events === undefined ? {} : { events: request.events.types }),
        ...(request.enabled === undefined ? {} : { enabled: request.enabled }),
      });
      return { endpoint: encodeEndpoint(endpoint) };
    },
    async rotateEndpointSecret(request) {
      const rotated = await useCases.rotateSecret(await ownerOf(request), request.id, request.overlapSeconds);
      return {
        endpoint: encodeEndpoint(rotated.endpoint),
        secret: rotated.secret,
        previousSecretExpiresAt: rotated.previousExpiresAt ?? undefined,
      };
    },
    async recoverDeliveries(request) {
      return useCases.recoverDeliveries(
        await ownerOf(request),
        request.id,
        request.since,
        request.idempotencyKey,
      );
    },
  };
}

function encodeEndpoint(endpoint: Endpoint): webhook.Endpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    status: endpoint.status,
    createdAt: endpoint.createdAt,
    environment: endpoint.environment,
    ...(endpoint.status === 'disabled'
      ? {
          disabledReason: endpoint.disabledReason ?? undefined,
          disabledAt: endpoint.statusChangedAt ?? undefined,
        }
      : {}),
  };
}

function encodeDelivery(view: DeliveryHistory): webhook.Delivery {
  return {
    id: view.id,
    eventId: view.eventId,
    eventType: view.eventType,
    endpointId: view.endpointId,
    status: view.status,
    attempts: view.attempts.map(encodeAttempt),
    nextAttemptAt: view.next?.dueAt,
    createdAt: view.createdAt,
    held: view.held,
  };
}

function encodeAttempt(attempt: AttemptRecord | (AttemptResult & { number: number })): webhook.Attempt {
  return {
    number: attempt.number,
    at: attempt.at,
    statusCode: attempt.statusCode ?? undefined,
    error: attempt.error ?? undefined,
    durationMs: attempt.durationMs,
    acknowledged: attempt.acknowledged,
    responseBody: attempt.responseBody ?? undefined,
    manual: 'manual' in attempt ? attempt.manual === true : false,
  };
}
