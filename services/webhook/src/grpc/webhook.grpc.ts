import type { webhook } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { DeliveryHistory } from '../domain/delivery';
import type { Endpoint } from '../domain/endpoint';
import { deliveryReaderOf, partnerOf } from '../endpoints/caller';
import type { createManageEndpoints } from '../endpoints/manage-endpoints';
import type { createReadDeliveries } from '../endpoints/read-deliveries';
import type { createRecoverDeliveries } from '../endpoints/recover-deliveries';
import type { createRotateSecret } from '../endpoints/rotate-secret';

export interface WebhookUseCases {
  manage: ReturnType<typeof createManageEndpoints>;
  readDeliveries: ReturnType<typeof createReadDeliveries>;
  rotateSecret: ReturnType<typeof createRotateSecret>;
  recoverDeliveries: ReturnType<typeof createRecoverDeliveries>;
}

/** Thin handlers: resolve the caller (none: refused), decode, call one use case, encode. */
export function createWebhookGrpc(
  useCases: WebhookUseCases,
): ServiceImplementation<typeof webhook.WebhookServiceDefinition, RequestContext> {
  return {
    async registerEndpoint(request) {
      const { endpoint, secret } = await useCases.manage.register(
        partnerOf(request.caller),
        request.url,
        request.events,
      );
      return { endpoint: encodeEndpoint(endpoint), secret };
    },
    async listEndpoints(request) {
      const endpoints = await useCases.manage.list(partnerOf(request.caller));
      return { endpoints: endpoints.map(encodeEndpoint) };
    },
    async deleteEndpoint(request) {
      return { id: await useCases.manage.remove(partnerOf(request.caller), request.id) };
    },
    async listDeliveries(request) {
      const caller = deliveryReaderOf(request.caller);
      const views = await useCases.readDeliveries(caller, {
        eventId: request.eventId,
        endpointId: request.endpointId,
      });
      return { deliveries: views.map(encodeDelivery) };
    },
    async rotateEndpointSecret(request) {
      const rotated = await useCases.rotateSecret(
        partnerOf(request.caller),
        request.id,
        request.overlapSeconds,
      );
      return {
        endpoint: encodeEndpoint(rotated.endpoint),
        secret: rotated.secret,
        previousSecretExpiresAt: rotated.previousExpiresAt ?? undefined,
      };
    },
    async recoverDeliveries(request) {
      return useCases.recoverDeliveries(
        partnerOf(request.caller),
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
    attempts: view.attempts.map((attempt) => ({
      number: attempt.number,
      at: attempt.at,
      statusCode: attempt.statusCode ?? undefined,
      error: attempt.error ?? undefined,
      durationMs: attempt.durationMs,
      acknowledged: attempt.acknowledged,
    })),
    nextAttemptAt: view.next?.dueAt,
  };
}
