import type { Logger } from '@travel/logger';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { errorBody } from '../http/envelope';

/** Where the gateway mounts the partner console (its own process, docs/console.md). */
export const CONSOLE_PATH = '/console';

/** `/console` and everything under it; not `/consoles` or `/console-x`. */
export const isConsolePath = (path: string) => path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);

/**
 * The partner console's pages and assets, answered by the console's web server (`CONSOLE_URL`), so the console
 * and both APIs share one origin: the page calls `/api` with no CORS and no cookie. The console's own headers (its
 * CSP, its caching) replace the API's. Nothing is retried: a console that does not answer is `503
 * service_unavailable` in the envelope within `timeoutMs`, never a hanging page.
 */
export function consoleProxy(target: string, logger: Logger, timeoutMs = 5000): RequestHandler {
  return createProxyMiddleware({
    target,
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: timeoutMs,
    timeout: timeoutMs,
    pathFilter: (path) => isConsolePath(path),
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    on: {
      error: (error, _req, res) => {
        logger.warn({ err: error, target }, 'console did not answer');
        const out = res as Response;
        if (!('headersSent' in out) || out.headersSent) {
          out.destroy?.();
          return;
        }
        out
          .status(503)
          .set('Retry-After', '5')
          .set('Content-Type', 'application/json; charset=utf-8')
          .send(
            JSON.stringify(
              errorBody(
                'service_unavailable',
                'The console is unavailable; try again shortly.',
                String(out.locals?.requestId ?? ''),
              ),
            ),
          );
      },
    },
  });
}
