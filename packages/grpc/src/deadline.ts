import { ServerInterceptingCall, type ServerInterceptor } from '@grpc/grpc-js';
import { ClientError, type ClientMiddleware, Metadata, Status } from 'nice-grpc';
import type { DeadlineOptions } from 'nice-grpc-client-middleware-deadline';
import { DEADLINE_KEY } from './metadata';

/**
 * The gRPC wire's deadline header (PROTOCOL-HTTP2: `grpc-timeout`, at most 8 digits and a unit): what is
 * left of the call when it is sent, so the receiver's clock never matters.
 */
const TIMEOUT_HEADER = 'grpc-timeout';
const MAX_TIMEOUT_DIGITS = 99_999_999;

/** `1500m`; a remainder too long for milliseconds in 8 digits (over 27 hours) goes in seconds. */
export function timeoutHeaderOf(remainingMs: number): string {
  const ms = Math.max(1, Math.ceil(remainingMs));
  return ms <= MAX_TIMEOUT_DIGITS ? `${ms}m` : `${Math.min(Math.ceil(ms / 1000), MAX_TIMEOUT_DIGITS)}S`;
}

/** A call's deadline as a Date (nice-grpc's `deadline` option is a Date or milliseconds from now). */
export function deadlineDate(deadline: Date | number | undefined): Date | undefined {
  return typeof deadline === 'number' ? new Date(Date.now() + deadline) : deadline;
}

/**
 * Puts the call's deadline on the wire. nice-grpc's deadline middleware only cancels the call at its deadline
 * on this side; it never tells the server, so a server could not pass on what was left. A call whose deadline
 * has already passed fails here, DEADLINE_EXCEEDED, without being sent. Runs once per attempt (inside
 * `retryUnprocessed`), so each attempt carries what is left then.
 */
export const sendDeadline: ClientMiddleware<object, DeadlineOptions> = async function* sendDeadline(
  call,
  options,
) {
  const deadline = deadlineDate(options.deadline);
  if (!deadline) return yield* call.next(call.request, options);
  const remaining = deadline.getTime() - Date.now();
  if (remaining <= 0) throw new ClientError(call.method.path, Status.DEADLINE_EXCEEDED, 'Deadline exceeded');
  const metadata = Metadata(options.metadata);
  metadata.set(TIMEOUT_HEADER, timeoutHeaderOf(remaining));
  return yield* call.next(call.request, { ...options, deadline, metadata });
};

/**
 * grpc-js reads `grpc-timeout` itself (it answers DEADLINE_EXCEEDED and cancels the handler's signal when the
 * deadline passes) and removes it from the metadata, and nice-grpc gives handlers no way to ask for it. This
 * interceptor hands the handler the deadline grpc-js computed, as `x-deadline` (milliseconds since the epoch,
 * this process's clock) in the metadata; a value a client sent under that key is replaced or removed.
 */
export const receiveDeadline: ServerInterceptor = (_method, call) =>
  new ServerInterceptingCall(call, {
    start(next) {
      next({
        onReceiveMetadata(metadata, pass) {
          const deadline = Number(call.getDeadline());
          metadata.remove(DEADLINE_KEY);
          if (Number.isFinite(deadline)) metadata.set(DEADLINE_KEY, String(deadline));
          pass(metadata);
        },
      });
    },
  });

/** The deadline `receiveDeadline` put in a call's metadata; undefined when the caller set none. */
export function deadlineOf(metadata: Metadata): Date | undefined {
  const value = Number(metadata.get(DEADLINE_KEY));
  return value > 0 ? new Date(value) : undefined;
}
