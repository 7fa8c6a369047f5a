import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
/** What a storefront page may read besides the simple headers. */
const EXPOSED_HEADERS = 'X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * Cross-origin calls from browsers: refused unless the page's origin is in `CORS_ALLOWED_ORIGINS` (the
 * storefronts). An allowed origin gets its own origin back (never `*`, no credentials: tokens travel in
 * `Authorization`) and its preflight answered `204`; any other origin's preflight is `403 forbidden`, and
 * its other requests get no CORS headers, so the browser keeps the answer from the page. The partner API
 * (`/api/v1`) allows no origin: its keys belong on servers, never in a browser.
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin === undefined) return next();
    res.vary('Origin');
    const permitted = allowed.has(origin) && !isPartnerPath(req.path);
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    if (!permitted) {
      if (preflight)
        throw new AppError('forbidden', 'Cross-origin requests from this origin are not allowed.');
      return next();
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (!preflight) {
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return next();
    }
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    res.status(204).end();
  };
}

const isPartnerPath = (path: string) => path === '/api/v1' || path.startsWith('/api/v1/');
