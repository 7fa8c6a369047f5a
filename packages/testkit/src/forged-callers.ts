import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ChannelCredentials,
  Client,
  credentials,
  Metadata,
  type ServiceError,
  status,
} from '@grpc/grpc-js';
import {
  ALLOWED_PEERS,
  CERTIFICATE_FILES,
  channelCredentialsOf,
  ERROR_CODE_KEY,
  OPEN_TO_EVERY_PEER,
  PEER_NAMES,
  type PeerName,
  peerMayCall,
  type ServicePeer,
} from '@travel/grpc';
import { issuePeerCertificate, makePeerCa } from '@travel/local-deploy';
import { peerTlsDir } from './peer-tls';
import { askReflection } from './reflection';

/** Who a forged call claims to be, and how it tries. */
export type Forgery = 'no certificate' | 'another CA' | 'a peer not allowed';

/** One call of the check: the method, who called and how, and what the server answered. */
export interface CallOutcome {
  path: string;
  as: Forgery | 'the allowed peer';
  peer: PeerName | null;
  /** The gRPC status, and the catalog code of its trailer (none when the server never looked at the caller). */
  status: string;
  code: string | null;
}

/** What the server must answer: a forgery is refused with its catalog code; the allowed peer gets past the check. */
export const EXPECTED: Record<CallOutcome['as'], { status: string; code: string | null }> = {
  'no certificate': { status: 'UNAUTHENTICATED', code: 'unauthorized' },
  'another CA': { status: 'UNAUTHENTICATED', code: 'unauthorized' },
  'a peer not allowed': { status: 'PERMISSION_DENIED', code: 'forbidden' },
  // Past the check the request is decoded, and these bytes are none: grpc-js fails to read them.
  'the allowed peer': { status: 'INTERNAL', code: null },
};

/** Bytes no protobuf message decodes from (a field number 0 with wire type 7): no handler could act on them. */
const NOT_A_REQUEST = Buffer.from([0x07, 0xff, 0xff, 0xff]);

function call(client: Client, path: string): Promise<{ status: string; code: string | null }> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      path,
      (bytes: Buffer) => bytes,
      (bytes: Buffer) => bytes,
      NOT_A_REQUEST,
      new Metadata(),
      // Room for a first TLS handshake on a busy machine: a refusal answers at once, the deadline only ends a hang.
      { deadline: Date.now() + 20_000 },
      (error: ServiceError | null) => {
        const code = error?.metadata?.get(ERROR_CODE_KEY)[0];
        resolve({ status: status[error?.code ?? status.OK] ?? 'UNKNOWN', code: code ? String(code) : null });
      },
    );
  });
}

/** TLS that accepts the server's certificate from the run's CA and shows the given client certificate, if any. */
function tlsWith(identity?: { dir: string }): ChannelCredentials {
  const ca = readFileSync(join(peerTlsDir('gateway'), CERTIFICATE_FILES.ca));
  const read = (name: string) => (identity ? readFileSync(join(identity.dir, name)) : null);
  return credentials.createSsl(ca, read(CERTIFICATE_FILES.key), read(CERTIFICATE_FILES.cert), {
    checkServerIdentity: () => undefined,
  });
}

/**
 * The forged-callers check of one service (docs/caller-trust.md, "Tests"): its gRPC server as service.ts wires
 * it, started alone (a refusal comes before any handler, so no store is needed), asked through reflection for
 * every service it serves, and every method of each but health and reflection called with bytes that are no
 * request: with TLS and no client certificate, with a certificate of another CA claiming a peer the table
 * allows, with a certificate of the platform of a peer the table does not allow, and as the allowed peer (which
 * gets past the check and fails on the bytes). Returns every outcome; the server is stopped.
 */
export async function forgedCallerOutcomes(
  grpc: { start(): Promise<void>; stop(): Promise<void>; port(): number },
  service: ServicePeer,
): Promise<CallOutcome[]> {
  const forgedRoot = mkdtempSync(join(tmpdir(), 'forged-peers-'));
  const clients = new Map<string, Client>();
  await grpc.start();
  try {
    const address = `127.0.0.1:${grpc.port()}`;
    const anotherCa = await makePeerCa('another CA', 1);
    const credentialsOf = async (
      as: CallOutcome['as'],
      peer: PeerName | null,
    ): Promise<ChannelCredentials> => {
      if (as === 'no certificate' || !peer) return tlsWith();
      if (as !== 'another CA') return channelCredentialsOf({ dir: peerTlsDir(peer) });
      const dir = join(forgedRoot, peer);
      await issuePeerCertificate(anotherCa, peer, dir, { validDays: 1 });
      return tlsWith({ dir });
    };
    // One connection per way of calling, reused for every method.
    const clientFor = async (as: CallOutcome['as'], peer: PeerName | null) => {
      const key = `${as}:${peer}`;
      let client = clients.get(key);
      if (!client) {
        client = new Client(address, await credentialsOf(as, peer), {
          'grpc.ssl_target_name_override': service,
        });
        clients.set(key, client);
      }
      return client;
    };
    const served = await askReflection(address, []);
    const table = ALLOWED_PEERS[service];
    const outcomes: CallOutcome[] = [];
    for (const [name, methods] of Object.entries(served.v1)) {
      if ((OPEN_TO_EVERY_PEER as readonly string[]).includes(name)) continue;
      for (const method of methods) {
        const path = `/${name}/${method}`;
        const allowed = PEER_NAMES.find((peer) => peerMayCall(table, path, peer)) ?? null;
        const notAllowed = PEER_NAMES.find((peer) => !peerMayCall(table, path, peer)) ?? null;
        const record = async (as: CallOutcome['as'], peer: PeerName | null) =>
          outcomes.push({ path, as, peer, ...(await call(await clientFor(as, peer), path)) });
        await record('no certificate', null);
        if (allowed) await record('another CA', allowed);
        if (notAllowed) await record('a peer not allowed', notAllowed);
        if (allowed) await record('the allowed peer', allowed);
      }
    }
    return outcomes;
  } finally {
    for (const client of clients.values()) client.close();
    await grpc.stop();
    rmSync(forgedRoot, { recursive: true, force: true });
  }
}

/** The outcomes that differ from what the server must answer (`EXPECTED`): none, when every forgery was refused. */
export function unexpectedOutcomes(outcomes: CallOutcome[]): (CallOutcome & { expected: string })[] {
  return outcomes
    .filter((outcome) => {
      const expected = EXPECTED[outcome.as];
      return outcome.status !== expected.status || outcome.code !== expected.code;
    })
    .map((outcome) => ({
      ...outcome,
      expected: `${EXPECTED[outcome.as].status} ${EXPECTED[outcome.as].code}`,
    }));
}
