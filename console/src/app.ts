import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import { consoleSecurityHeaders } from './security-headers';

/** The path the gateway mounts the console at; the Vite build's `base`, so every asset URL starts with it. */
export const CONSOLE_BASE = '/console';

/**
 * The console's web server: the built single-page application under `/console` (hashed assets cached for a
 * year, the page itself never, so a release is seen at once), every other path under `/console` answered with
 * the page (the router reads the URL), and `GET /health` for probes. Nothing here reads a token or calls an API:
 * the page calls the internal API on the gateway's origin itself.
 */
export function createConsoleApp(webRoot: string): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', built: existsSync(join(webRoot, 'index.html')) });
  });
  app.use(consoleSecurityHeaders());
  app.use(
    `${CONSOLE_BASE}/assets`,
    express.static(join(webRoot, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '365d',
      fallthrough: false,
    }),
  );
  app.get([CONSOLE_BASE, `${CONSOLE_BASE}/{*rest}`], (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.sendFile(join(webRoot, 'index.html'), (error) => {
      if (error && !res.headersSent)
        res.status(503).type('text/plain').send('The console is not built: run `pnpm run build`.');
    });
  });
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}
