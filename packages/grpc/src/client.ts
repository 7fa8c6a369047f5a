import { AppError, type ErrorCode, type ErrorDetails, isErrorCode } from '@travel/errors';
import {
  type CallOptions,
  Channel,
  ChannelCredentials,
  type Client,
  ClientError,
  type ClientMiddleware,
  type CompatServiceDefinition,
  createClientFactory,
  Metadata,
  Status,
} from 'nice-grpc';
import { deadlineMiddleware } from 'nice-grpc-client-middleware-deadline';
import { inheritCallScope } from './call-scope';
import { channelOptionsOf, type KeepaliveSettings } from './connection-settings';
import { channelCredentialsOf, type PeerTls, tlsChannelOptionsOf } from './credentials';
import { sendDeadline } from './deadline';
import { ERROR_CODE_KEY, ERROR_DETAILS_KEY, REQUEST_ID_KEY } from './metadata';
import { withClientMetrics } from './metrics-middleware';
import { retryUnprocessed } from './retry-unprocessed';
import { traceClientCalls } from './trace-calls';

/** Statuses that carry no catalog code (the transport failed, not the service) mapped to the catalog. */
const uncodedStatus: Partial<Record<Status, ErrorCode>> = {
  [Status.UNAVAILABLE]: 'service_unavailable',
  [Status.DEADLINE_EXCEEDED]: 'service_unavailable',
  [Status.CANCELLED]: 'service_unavailable',
  // Every service error carries its catalog code (internal_error for the unexpected), so an INTERNAL without one
  // is the transport's: grpc-js's "Received RST_STREAM with code 0" when a server ends a stream without a status.
  // Its outcome is unknown, as with a deadline: retry (the gateway's 503).
  [Status.INTERNAL]: 'service_unavailable',
  // A server at its limit of calls in flight (in-flight-limit.ts); a coded one is a rate or spending limit.
  [Status.RESOURCE_EXHAUSTED]: 'service_unavailable',
  [Status.NOT_FOUND]: 'not_found',
  [Status.INVALID_ARGUMENT]: 'bad_request',
};

/** Turns a failed call back into the catalog error the service threw, reading the code from the trailer. */
const catalogErrorMiddleware: ClientMiddleware = async function* catalogErrors(call, options) {
  let trailer: Metadata | undefined;
  try {
    return yield* call.next(call.request, {
      ...options,
      onTrailer(value) {
        trailer = value;
        options.onTrailer?.(value);
      },
    });
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    const code = trailer?.get(ERROR_CODE_KEY);
    if (code && isErrorCode(code)) {
      const details = parseDetails(trailer);
      // A list is the failing fields; an object the facts of another refusal (spending_limit_exceeded).
      throw Array.isArray(details)
        ? new AppError(code, error.details, details)
        : new AppError(code, error.details, null, details);
    }
    const mapped = uncodedStatus[error.code];
    // The transport's status and details stay on as the cause: the gateway's log of a 503 says which call failed how.
    throw mapped ? new AppError(mapped, undefined, null, null, { cause: error }) : error;
  }
};

function parseDetails(trailer: Metadata | undefined): ErrorDetails | null {
  const raw = trailer?.get(ERROR_DETAILS_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as ErrorDetails;
  } catch {
    return null;
  }
}

export interface ClientOptions {
  /** Default deadline of every call, in milliseconds. */
  deadlineMs: number;
  /** Keepalive pings (`keepaliveOf(config)`); omitted: none. */
  keepalive?: KeepaliveSettings;
  /** This process's certificate (`peerTlsOf(config)`): mutual TLS, as every service requires; omitted: plaintext. */
  tls?: PeerTls;
  /** The peer the server must prove it is (`pricing`); omitted: any process of the platform. */
  server?: string;
}

/** A promise client of one service; calls accept `deadline` (ms or Date) beside metadata. */
export type ServiceClient<D extends CompatServiceDefinition> = Client<D, { deadline?: Date | number }>;

/**
 * A promise client of one service, with a default deadline and catalog errors. `address` is any grpc-js target:
 * `host:port`, `dns:///name:port` (every address the name resolves to: a headless Service's pods) or
 * `ipv4:127.0.0.2:50051,127.0.0.3:50051` (local replicas); calls go round-robin over all of them.
 */
export function createServiceClient<D extends CompatServiceDefinition>(
  definition: D,
  address: string,
  options: ClientOptions,
): ServiceClient<D> {
  return clientFactory().create(definition, channelTo(address, options), defaultsOf(options));
}

/**
 * Deadlines, retries of unprocessed calls, tracing, metrics and catalog errors. The middleware added last runs
 * outermost: catalog mapping must also see the deadline's own error; the trace span sees the call's gRPC status
 * before it becomes a catalog error, and covers every attempt; each attempt is counted in the metrics and
 * carries what is left of the deadline; inside a handler, the deadline and cancellation of the call it serves.
 */
export function clientFactory() {
  return withClientMetrics(createClientFactory().use(deadlineMiddleware).use(sendDeadline))
    .use(retryUnprocessed)
    .use(inheritCallScope)
    .use(traceClientCalls)
    .use(catalogErrorMiddleware);
}

/**
 * grpc-js's own Channel: nice-grpc's createChannel rewrites addresses it reads as `host:port` (it would add
 * `:80` to a list whose last entry has no port).
 */
export function channelTo(address: string, options: ClientOptions): Channel {
  if (!options.tls)
    return new Channel(address, ChannelCredentials.createInsecure(), channelOptionsOf(options.keepalive));
  return new Channel(address, channelCredentialsOf(options.tls, options.server), {
    ...channelOptionsOf(options.keepalive),
    ...tlsChannelOptionsOf(options.server),
  });
}

export const defaultsOf = (options: ClientOptions) => ({ '*': { deadline: options.deadlineMs } });

/** Call options that carry the request id to the service. */
export function withRequestMetadata(requestId: string): CallOptions {
  return { metadata: Metadata({ [REQUEST_ID_KEY]: requestId }) };
}
