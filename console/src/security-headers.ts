import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The console's Content-Security-Policy: every script, style, font and image from this origin only (the Vite
 * build's hashed files), no inline script and no `eval`, calls (`fetch`) to this origin only (the internal API
 * beside it), no plugins, no `<base>` change, forms posting nowhere else, never framed (docs/console.md, "CSP").
 */
export const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

/** helmet's headers (nosniff, no referrer, same-origin opener and resources, no framing) with the CSP above. */
export function consoleSecurityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONSOLE_CSP } },
    // HSTS is the gateway's (PUBLIC_TLS): this server is reached only through it.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
