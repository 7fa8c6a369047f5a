import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { secantusdArgs, secantusdBinary } from '../infra/secantusd';
import type { ClientCertificates } from './secure-redis';
import { type RunningServer, startServer } from './secure-server';
import type { ThrowawayCa } from './throwaway-ca';

/** A test's own store: secantusd-rs over TLS only, with `--auth` and one user made through the localhost exception. */
export interface SecureStore extends RunningServer {
  /** `mongodb://127.0.0.1:<port>`, without credentials or TLS options (the settings give those). */
  url: string;
  username: string;
  password: string;
}

function client(
  url: string,
  ca: ThrowawayCa,
  mutual: boolean,
  timeoutMs: number,
  auth?: { username: string; password: string },
) {
  const certKey = mutual ? readFileSync(ca.client.certKeyFile, 'utf8') : undefined;
  return new MongoClient(url, {
    tls: true,
    ca: readFileSync(ca.caFile, 'utf8'),
    ...(certKey && { cert: certKey, key: certKey }),
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    ...(auth && { auth }),
  });
}

async function withClient(store: MongoClient, run: (c: MongoClient) => Promise<unknown>): Promise<void> {
  try {
    await run(store);
  } finally {
    await store.close(true).catch(() => undefined);
  }
}

/**
 * Starts the cached secantusd-rs on `port` with TLS and auth, its data, log and pid file in `dir` (one server per
 * folder). Client certificates are optional, or required (`--tls-require-client-cert`: a client without one
 * signed by the CA is refused at the handshake).
 */
export async function startSecureStore(
  dir: string,
  ca: ThrowawayCa,
  port: number,
  clientCertificates: ClientCertificates = 'optional',
  env: NodeJS.ProcessEnv = process.env,
): Promise<SecureStore> {
  const mutual = clientCertificates === 'required';
  const binary = secantusdBinary(env);
  if (!existsSync(binary))
    throw new Error(`secantusd-rs is not built at ${binary}: run the infra once (npm start)`);
  const storage = join(dir, 'store');
  mkdirSync(storage, { recursive: true });
  const url = `mongodb://127.0.0.1:${port}`;
  const args = [...secantusdArgs(port, storage), '--auth'];
  args.push(
    '--tls-cert-file',
    ca.server.certFile,
    '--tls-key-file',
    ca.server.keyFile,
    '--tls-ca-file',
    ca.caFile,
  );
  if (mutual) args.push('--tls-require-client-cert');
  const server = await startServer({
    dir,
    name: 'secure-store',
    command: binary,
    args,
    marker: storage,
    probe: (timeoutMs) =>
      withClient(client(url, ca, mutual, timeoutMs), (c) => c.db('admin').command({ ping: 1 })),
    readyTimeoutMs: 20_000,
  });
  // While no user exists, a loopback connection may create the first one (mongod's localhost exception).
  const username = 'travel-service';
  const password = randomBytes(12).toString('base64url');
  await withClient(client(url, ca, mutual, 5000), (c) =>
    c.db('admin').command({ createUser: username, pwd: password, roles: [{ role: 'root', db: 'admin' }] }),
  );
  return { ...server, url, username, password };
}
