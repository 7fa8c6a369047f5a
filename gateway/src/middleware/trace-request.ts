import {
  context,
  isTracingEnabled,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  tracer,
} from '@travel/tracing';
import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';

/** Probes come every few seconds from every kubelet: tracing them is noise. */
const UNTRACED_PATHS = new Set(['/api/ready', '/api/v1/health']);

/**
 * One server span per request, named by its route template (`POST /api/v1/bookings`, never the raw URL),
 * active for the whole chain: the gRPC calls it makes carry its trace, and so do its log lines (the request
 * log's too). Every request starts a trace of its own: a `traceparent` from the internet is not trusted. The
 * span carries the request id, so a trace is found from a partner's `X-Request-Id`. One check when off.
 */
export function traceRequest(): RequestHandler {
  return (req, res, next) => {
    if (!isTracingEnabled() || UNTRACED_PATHS.has(req.path)) return next();
    const span = tracer().startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': req.path,
          'travel.request.id': requestContextOf(res).requestId,
        },
      },
      ROOT_CONTEXT,
    );
    res.once('close', () => {
      const route = requestContextOf(res).route?.path;
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(ROOT_CONTEXT, span), next);
  };
}
