import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CERTIFICATE_FILES, PEER_NAMES, peerNameOf } from '@travel/grpc';
import { ensureDir, stateRoot } from '../infra/paths';
import { makePeerCertificates } from '../secure/peer-certificates';
import type { StackProfile } from './profile';

const VALID_DAYS = 365;
/** Made anew when the CA has less than this left, so a kept stack never meets an expired certificate. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;

/** Where a profile's CA and per-process certificates live: `.local/run/<profile>-peer-tls/<peer>/`. */
export function peerTlsRoot(env: NodeJS.ProcessEnv, profile: StackProfile): string {
  return join(ensureDir(join(stateRoot(env), 'run')), `${profile.name}-peer-tls`);
}

function usable(root: string): boolean {
  const ca = join(root, CERTIFICATE_FILES.ca);
  if (!existsSync(ca)) return false;
  if (!PEER_NAMES.every((peer) => existsSync(join(root, peer, CERTIFICATE_FILES.key)))) return false;
  const validTo = new Date(new X509Certificate(readFileSync(ca)).validTo).getTime();
  // One made by an older launcher that named peers otherwise is made anew.
  const gateway = new X509Certificate(readFileSync(join(root, 'gateway', CERTIFICATE_FILES.cert)));
  return validTo - Date.now() > RENEW_BEFORE_MS && peerNameOf(gateway.subjectAltName) === 'gateway';
}

/**
 * The stack's own CA and one certificate per process (docs/caller-trust.md): made once per profile in the
 * git-ignored .local/ (keys readable by this user only), kept across restarts, made anew a month before they
 * expire or when a peer is missing. Each names `127.0.0.1` and `localhost` too, so grpcurl checks it as given.
 */
export async function peerTlsFor(env: NodeJS.ProcessEnv, profile: StackProfile): Promise<string> {
  const root = peerTlsRoot(env, profile);
  if (usable(root)) return root;
  rmSync(root, { recursive: true, force: true });
  await makePeerCertificates(root, PEER_NAMES, {
    caName: `partner-travel ${profile.name} stack CA`,
    validDays: VALID_DAYS,
    hosts: ['localhost', '127.0.0.1'],
  });
  return root;
}
