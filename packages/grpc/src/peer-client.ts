import { randomBytes } from 'node:crypto';
import { type Client, type ClientMiddleware, type CompatServiceDefinition, Metadata } from 'nice-grpc';
import { serverOfDefinition } from './allowed-peers';
import { type ClientOptions, channelTo, clientFactory, defaultsOf } from './client';
import { CALLER_KEY, REQUEST_ID_KEY } from './metadata';

/** Per call: the request this call serves (the gateway's id, passed on from the call that led here). */
export interface PeerCallOptions {
  deadline?: Date | number;
  requestId?: string;
}

/** A client of another of our services; every call carries a request id and the calling process's name. */
export type PeerClient<D extends CompatServiceDefinition> = Client<D, PeerCallOptions>;

export interface PeerClientOptions extends ClientOptions {
  /** The calling process (`booking`, `gateway`, `reports.rebuild`): the server's log lines name it. */
  caller: string;
}

/**
 * The request id in metadata: the call's own `requestId`, else one already in its metadata, else a new
 * `req_<caller>_<random>` (a job's call that serves no request), so no call reaches a service without one.
 */
export function peerMetadata(caller: string): ClientMiddleware<PeerCallOptions> {
  return async function* peerCall(call, options) {
    const { requestId, ...rest } = options;
    const metadata = Metadata(rest.metadata);
    const given = requestId ?? metadata.get(REQUEST_ID_KEY);
    metadata.set(REQUEST_ID_KEY, given ?? `req_${caller}_${randomBytes(8).toString('hex')}`);
    metadata.set(CALLER_KEY, caller);
    return yield* call.next(call.request, { ...rest, metadata });
  };
}

/**
 * The one factory of service-to-service clients (`createServiceClient` with its deadline, retries, tracing and
 * catalog errors, plus `peerMetadata`): `client.priceOffers(request, { requestId })`.
 */
export function createPeerClient<D extends CompatServiceDefinition>(
  definition: D,
  address: string,
  options: PeerClientOptions,
): PeerClient<D> {
  const server = options.server ?? serverOfDefinition(definition);
  return clientFactory()
    .use(peerMetadata(options.caller))
    .create(definition, channelTo(address, { ...options, server }), defaultsOf(options));
}
