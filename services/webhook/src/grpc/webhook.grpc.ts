import type { webhook } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { DeliveryHistory } from '../domain/delivery';
import type { Endpoint } from '../domain/endpoint';
import { deliveryReaderOf, partnerOf } from '../endpoints/caller';
import type { createManageEndpoints } from '../endpoints/manage-endpoints';
import type { createReadDeliveries } from '../endpoints/read-deliveries';

export interface WebhookUseCases {
  manage: ReturnType<typeof createManageEndpoints>;
  readDeliveries: ReturnType<typeof createReadDeliveries>;
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
