import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** `Strict-Transport-Security` max-age when the platform is served over TLS (`PUBLIC_TLS`); null: no HSTS. */
  hstsMaxAgeSeconds: number | null;
}

/**
 * Every answer: `Cache-Control: no-store` (tokens, key secrets and `whsec_` secrets must never sit in a
 * cache; the public content reads and the docs assets set their own), helmet's headers (`nosniff`, no
 * framing, no referrer, ...) with a CSP that lets an API answer load nothing (the docs pages set their
 * own), and HSTS only where the public address is HTTPS.
 */
export function securityHeaders({ hstsMaxAgeSeconds }: SecurityHeaderOptions): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity:
      hstsMaxAgeSeconds === null ? false : { maxAge: hstsMaxAgeSeconds, includeSubDomains: false },
    xFrameOptions: { action: 'deny' },
  });
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    headers(req, res, next);
  };
}
