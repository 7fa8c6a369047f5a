import { AsyncLocalStorage } from 'node:async_hooks';
import { counter, metricsEnabled } from '@travel/metrics';
import type { CallContext, ClientMiddleware, ServerMiddleware, ServerMiddlewareCall } from 'nice-grpc';
import type { DeadlineOptions } from 'nice-grpc-client-middleware-deadline';
import { deadlineDate } from './deadline';
import { partsOf } from './metrics-middleware';
import type { RequestContext } from './server-middleware';

/** What a handler's own calls to other services inherit from the call it serves. */
export interface CallScope {
  deadline: Date | undefined;
  /** Aborted when the caller cancels the call (it hung up, or its deadline passed). */
  signal: AbortSignal;
}

/**
 * The call a handler is serving, carried through everything it awaits, as the active trace span is
 * (trace-calls.ts): every call to another service made on its behalf carries what is left of its deadline and is
 * cancelled with it, without each use case passing them along. Jobs and consumers run outside any scope
 * (`createPeriodicJob` runs every pass in the context the job was made in), so their calls keep their own deadlines.
 */
const scopes = new AsyncLocalStorage<CallScope>();

/**
 * Server side, on every service method: the handler runs in its call's scope. Counts, in
 * `grpc_server_cancelled_total`, the calls cancelled while their handler ran (the caller hung up, its deadline
 * passed): their own calls were cancelled with them.
 */
export function callScopeMiddleware(): ServerMiddleware<object, RequestContext> {
  const cancelled = metricsEnabled()
    ? counter(
        'grpc_server_cancelled_total',
        'gRPC calls cancelled (the caller hung up or the deadline passed) while this server ran their handler.',
        ['grpc_service', 'grpc_method'],
      )
    : undefined;
  return async function* callScope<Request, Response>(
    call: ServerMiddlewareCall<Request, Response, RequestContext>,
    context: CallContext & RequestContext,
  ) {
    const steps = call.next(call.request, context) as AsyncGenerator<Response, Response | undefined>;
    const count = () => cancelled?.inc(partsOf(call.method.path));
    context.signal.addEventListener('abort', count, { once: true });
    try {
      return yield* inScope({ deadline: context.deadline, signal: context.signal }, steps);
    } finally {
      context.signal.removeEventListener('abort', count);
    }
  };
}

/** Drives the handler's generator inside `scope` at each step (a generator runs in whoever resumes it). */
async function* inScope<T, R>(scope: CallScope, inner: AsyncGenerator<T, R>): AsyncGenerator<T, R> {
  for (;;) {
    const step = await scopes.run(scope, () => inner.next());
    if (step.done) return step.value;
    yield step.value;
  }
}

/**
 * Client side: inside a handler, a call's deadline is the earlier of its own (the client's default, a cap per
 * service it calls) and the served call's, and it is cancelled when the served call is. Outside, unchanged.
 */
export const inheritCallScope: ClientMiddleware<object, DeadlineOptions> = async function* inheritCallScope(
  call,
  options,
) {
  const scope = scopes.getStore();
  if (!scope) return yield* call.next(call.request, options);
  const own = deadlineDate(options.deadline);
  const deadline =
    own && scope.deadline
      ? new Date(Math.min(own.getTime(), scope.deadline.getTime()))
      : (own ?? scope.deadline);
  const signal = options.signal ? AbortSignal.any([options.signal, scope.signal]) : scope.signal;
  return yield* call.next(call.request, { ...options, deadline, signal });
};
