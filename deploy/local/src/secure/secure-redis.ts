import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { type RunningServer, startServer } from './secure-server';
import type { ThrowawayCa } from './throwaway-ca';

/** A test's own Redis: TLS only (no plaintext port), the `default` user off, one ACL user with a password. */
export interface SecureRedis extends RunningServer {
  /** `rediss://127.0.0.1:<port>`, without credentials. */
  url: string;
  username: string;
  password: string;
}

/** Whether the server asks a client for a certificate signed by the CA and refuses one without (mutual TLS). */
export type ClientCertificates = 'required' | 'optional';

export interface SecureRedisOptions {
  /** The ACL user's keys and commands (default: everything). */
  aclRules?: string[];
  /** Default `optional`: a client may connect with the ACL user alone. */
  clientCertificates?: ClientCertificates;
}

/** Ready when the ACL user's PING over TLS answers PONG (with the CA's client certificate where one is required). */
function probe(url: string, ca: ThrowawayCa, username: string, password: string, mutual: boolean) {
  return async (timeoutMs: number) => {
    const client = createClient({
      url,
      username,
      password,
      socket: {
        tls: true,
        ca: readFileSync(ca.caFile, 'utf8'),
        ...(mutual && {
          cert: readFileSync(ca.client.certFile, 'utf8'),
          key: readFileSync(ca.client.keyFile, 'utf8'),
        }),
        connectTimeout: timeoutMs,
        reconnectStrategy: false,
      },
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) !== 'PONG') throw new Error('no PONG');
    } finally {
      if (client.isOpen) client.destroy();
    }
  };
}

/**
 * Starts Debian's redis-server on `port` (TLS; client certificates optional, or required: `--tls-auth-clients
 * yes`) with its data, log and pid file in `dir` (one server per folder).
 */
export async function startSecureRedis(
  dir: string,
  ca: ThrowawayCa,
  port: number,
  options: SecureRedisOptions = {},
): Promise<SecureRedis> {
  const { aclRules = ['~*', '&*', '+@all'], clientCertificates = 'optional' } = options;
  const mutual = clientCertificates === 'required';
  const username = 'travel-gateway';
  const password = randomBytes(12).toString('base64url');
  const url = `rediss://127.0.0.1:${port}`;
  const args = ['--bind', '127.0.0.1', '--port', '0', '--tls-port', String(port)];
  args.push(
    '--tls-cert-file',
    ca.server.certFile,
    '--tls-key-file',
    ca.server.keyFile,
    '--tls-ca-cert-file',
    ca.caFile,
  );
  args.push(
    '--tls-auth-clients',
    mutual ? 'yes' : 'optional',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  );
  // The default user can do nothing; ours only what `aclRules` allow.
  args.push('--user', 'default', 'off', '--user', username, 'on', `>${password}`, ...aclRules);
  const server = await startServer({
    dir,
    name: 'secure-redis',
    command: 'redis-server',
    args,
    marker: `:${port}`,
    probe: probe(url, ca, username, password, mutual),
    readyTimeoutMs: 15_000,
  });
  return { ...server, url, username, password };
}
