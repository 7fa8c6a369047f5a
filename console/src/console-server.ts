import type { Server } from 'node:http';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createConsoleApp } from './app';
import type { ConsoleConfig } from './config';

/** The console's one component: its HTTP listener, closed on SIGTERM after the requests in flight. */
export function createConsoleServer(config: ConsoleConfig, logger: Logger): { components: Component[] } {
  let server: Server | undefined;
  const listener: Component = {
    name: 'console-http',
    async start() {
      const app = createConsoleApp(config.WEB_ROOT);
      await new Promise<void>((resolve, reject) => {
        server = app.listen(config.HTTP_PORT, config.HTTP_HOST, (error?: Error) =>
          error ? reject(error) : resolve(),
        );
      });
      logger.info(
        { host: config.HTTP_HOST, port: config.HTTP_PORT, webRoot: config.WEB_ROOT },
        'console listening',
      );
    },
    async stop() {
      const closing = server;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeIdleConnections();
      });
    },
  };
  return { components: [listener] };
}
