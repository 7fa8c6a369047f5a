import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { experimental } from '@grpc/grpc-js';
import { peerNameOf } from './peer-identity';

type CertificateProvider = experimental.CertificateProvider;
type CaListener = experimental.CaCertificateUpdateListener;
type IdentityListener = experimental.IdentityCertificateUpdateListener;

/**
 * The folder of one process's certificate, as a Kubernetes TLS Secret (cert-manager's included) holds it:
 * `ca.crt` (the platform's CA), `tls.crt` (this process's certificate) and `tls.key` (its private key).
 */
export const CERTIFICATE_FILES = { ca: 'ca.crt', cert: 'tls.crt', key: 'tls.key' } as const;

/** How often the files are read again, so a renewed certificate (cert-manager, a rotated Secret) is used without a restart. */
const REFRESH_MS = 60_000;

interface Loaded {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
  peer: string;
}

/** Reads and checks the folder: a certificate of ours, signed by the CA beside it, with its own key. */
function load(dir: string): Loaded {
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name));
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unreadable';
      throw new Error(`GRPC_TLS_DIR: cannot read ${join(dir, name)} (${code})`);
    }
  };
  const [ca, cert, key] = [
    read(CERTIFICATE_FILES.ca),
    read(CERTIFICATE_FILES.cert),
    read(CERTIFICATE_FILES.key),
  ];
  const problem = (what: string) => new Error(`GRPC_TLS_DIR: ${join(dir, CERTIFICATE_FILES.cert)} ${what}`);
  let certificate: X509Certificate;
  let authority: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
    authority = new X509Certificate(ca);
  } catch {
    throw problem(`or ${CERTIFICATE_FILES.ca} is not a PEM certificate`);
  }
  const peer = peerNameOf(certificate.subjectAltName);
  if (!peer) throw problem('names no peer (one DNS name <peer>.peers.partner-travel)');
  if (!certificate.checkIssued(authority) || !certificate.verify(authority.publicKey))
    throw problem(`is not signed by ${CERTIFICATE_FILES.ca}`);
  if (!certificate.checkPrivateKey(createPrivateKey(key)))
    throw problem(`does not match ${CERTIFICATE_FILES.key}`);
  if (new Date(certificate.validTo).getTime() < Date.now())
    throw problem(`expired on ${certificate.validTo}`);
  return { ca, cert, key, peer };
}

/**
 * A grpc-js certificate provider over one process's folder (both its CA and its identity): read and checked at
 * once (a missing or wrong file fails the start, naming it), then read again every minute while a server or
 * channel uses it; a changed set that passes the same checks replaces the old one, a broken one is ignored.
 */
export class CertificateFiles implements CertificateProvider {
  private current: Loaded;
  private readonly caListeners = new Set<CaListener>();
  private readonly identityListeners = new Set<IdentityListener>();
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly dir: string) {
    this.current = load(dir);
  }

  /** The peer this folder's certificate names (`gateway`, `booking`). */
  get peer(): string {
    return this.current.peer;
  }

  addCaCertificateListener(listener: CaListener): void {
    this.caListeners.add(listener);
    this.watch();
    process.nextTick(listener, { caCertificate: this.current.ca });
  }

  removeCaCertificateListener(listener: CaListener): void {
    this.caListeners.delete(listener);
    this.unwatch();
  }

  addIdentityCertificateListener(listener: IdentityListener): void {
    this.identityListeners.add(listener);
    this.watch();
    process.nextTick(listener, { certificate: this.current.cert, privateKey: this.current.key });
  }

  removeIdentityCertificateListener(listener: IdentityListener): void {
    this.identityListeners.delete(listener);
    this.unwatch();
  }

  private watch(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.reload(), REFRESH_MS);
    // Never what keeps a process (or a test's worker) alive.
    this.timer.unref();
  }

  private unwatch(): void {
    if (this.caListeners.size > 0 || this.identityListeners.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private reload(): void {
    let next: Loaded;
    try {
      next = load(this.dir);
    } catch {
      return;
    }
    const same =
      next.ca.equals(this.current.ca) &&
      next.cert.equals(this.current.cert) &&
      next.key.equals(this.current.key);
    if (same) return;
    this.current = next;
    // The identity first: grpc-js's server credentials read both when the CA changes.
    for (const listener of this.identityListeners) listener({ certificate: next.cert, privateKey: next.key });
    for (const listener of this.caListeners) listener({ caCertificate: next.ca });
  }
}
