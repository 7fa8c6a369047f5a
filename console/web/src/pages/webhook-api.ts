import { api, listOutcomeOf, type Outcome, outcomeOf } from '../api/client';
import type { operations } from '../api/internal';

type Answer<O extends keyof operations> = operations[O] extends {
  responses: { 200: { content: { 'application/json': { data: infer T } } } };
}
  ? T
  : never;

export type Endpoint = Answer<'listOwnClientWebhooks'>[number];
export type Delivery = Answer<'listOwnClientWebhookDeliveries'>[number];
export type Attempt = Delivery['attempts'][number];
/** An event of the client's feed: the envelope its deliveries carry (their payload). */
export type FeedEvent = Answer<'getOwnClientEvent'>;
export type EndpointChange =
  operations['updateOwnClientWebhook']['requestBody']['content']['application/json'];
export type NewEndpoint =
  operations['registerOwnClientWebhook']['requestBody']['content']['application/json'];
export type EventType = NonNullable<NewEndpoint['events']>[number];

/** The endpoints of one client (one of the signed-in staff member's tenant) in one mode. */
export interface ClientMode {
  clientId: string;
  mode: 'live' | 'test';
}

/** One endpoint of them: every call below names the client, the mode and the endpoint. */
export interface EndpointRef extends ClientMode {
  id: string;
}

const ofClient = ({ clientId, mode }: ClientMode) => ({
  path: { clientId },
  query: { environment: mode },
});
const ofEndpoint = (ref: EndpointRef) => ({
  path: { clientId: ref.clientId, id: ref.id },
  query: { environment: ref.mode },
});
/** A fresh key per click: a retry of the same click may repeat it, a second click is a second request. */
const idempotent = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** The client's endpoints of the mode, oldest first (at most 10: one page, no cursor). */
export async function listEndpoints(of: ClientMode): Promise<Outcome<Endpoint[]>> {
  return outcomeOf(await api.GET('/admin/api-console/clients/{clientId}/webhooks', { params: ofClient(of) }));
}

/** Registers an endpoint; its signing secret is in this answer only. */
export async function registerEndpoint(of: ClientMode, body: NewEndpoint) {
  return outcomeOf(
    await api.POST('/admin/api-console/clients/{clientId}/webhooks', { params: ofClient(of), body }),
  );
}

export async function updateEndpoint(ref: EndpointRef, body: EndpointChange) {
  return outcomeOf(
    await api.PATCH('/admin/api-console/clients/{clientId}/webhooks/{id}', { params: ofEndpoint(ref), body }),
  );
}

export async function deleteEndpoint(ref: EndpointRef) {
  return outcomeOf(
    await api.DELETE('/admin/api-console/clients/{clientId}/webhooks/{id}', { params: ofEndpoint(ref) }),
  );
}

export async function pingEndpoint(ref: EndpointRef) {
  return outcomeOf(
    await api.POST('/admin/api-console/clients/{clientId}/webhooks/{id}/ping', {
      params: ofEndpoint(ref),
      body: {},
    }),
  );
}

/** A new signing secret (in this answer only); the replaced one keeps signing beside it for `overlapSeconds`. */
export async function rotateSecret(ref: EndpointRef, overlapSeconds: number) {
  return outcomeOf(
    await api.POST('/admin/api-console/clients/{clientId}/webhooks/{id}/rotate-secret', {
      params: ofEndpoint(ref),
      body: { overlapSeconds },
    }),
  );
}

/** Every delivery made since `since` that ended `failed`, queued for a new attempt now. */
export async function recoverDeliveries(ref: EndpointRef, since: string) {
  return outcomeOf(
    await api.POST('/admin/api-console/clients/{clientId}/webhooks/{id}/recover', {
      params: { ...ofEndpoint(ref), header: idempotent() },
      body: { since },
    }),
  );
}

/** The endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(ref: EndpointRef): Promise<Outcome<Delivery[]>> {
  return listOutcomeOf(
    await api.GET('/admin/api-console/clients/{clientId}/webhooks/{id}/deliveries', {
      params: ofEndpoint(ref),
    }),
  );
}

/** A delivery's payload: the event it sends (by the delivery's `eventId`), from the client's feed of the mode. */
export async function readEvent(of: ClientMode, eventId: string): Promise<Outcome<FeedEvent>> {
  return outcomeOf(
    await api.GET('/admin/api-console/clients/{id}/events/{eventId}', {
      params: { path: { id: of.clientId, eventId }, query: { environment: of.mode } },
    }),
  );
}

/** One attempt of a delivery now, outside its retry schedule. */
export async function redeliver(ref: EndpointRef, deliveryId: string) {
  return outcomeOf(
    await api.POST('/admin/api-console/clients/{clientId}/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
      params: {
        path: { clientId: ref.clientId, id: ref.id, deliveryId },
        query: { environment: ref.mode },
        header: idempotent(),
      },
      body: {},
    }),
  );
}
