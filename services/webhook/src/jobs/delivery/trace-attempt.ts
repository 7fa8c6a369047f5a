import { contextOfTraceparent, isTracingEnabled, runInSpan, SpanKind, SpanStatusCode } from '@travel/tracing';
import type { AttemptResult, ClaimedAttempt } from '../../domain/deliveries/delivery';

/**
 * Runs one delivery attempt in a client span that continues the trace of the event it delivers (kept with
 * the delivery), so a booking's trace reaches the POST to the partner, retries included. The POST carries the
 * span's `traceparent`. A failed attempt (no 2xx) marks the span failed. One check when tracing is off.
 */
export function traceAttempt(
  attempt: ClaimedAttempt,
  url: string,
  post: () => Promise<AttemptResult>,
): Promise<AttemptResult> {
  if (!isTracingEnabled()) return post();
  const attributes = {
    'http.request.method': 'POST',
    'server.address': hostOf(url),
    'travel.webhook.delivery_id': attempt.deliveryId,
    'travel.webhook.attempt': attempt.number,
    'travel.webhook.event_type': attempt.eventType,
  };
  const parent = contextOfTraceparent(attempt.traceparent);
  return runInSpan('webhook POST', { kind: SpanKind.CLIENT, attributes, parent }, async (span) => {
    const result = await post();
    if (result.statusCode !== null) span.setAttribute('http.response.status_code', result.statusCode);
    if (!result.acknowledged)
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: result.error ?? `answered ${result.statusCode}`,
      });
    return result;
  });
}

/** The host alone: a partner's URL may carry a token in its path or query, which a trace must not keep. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
