// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { CERTIFICATE_FILES, peerDnsName } from '@travel/grpc';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A CA that signs the certificates of one copy of the platform (its key stays in memory). */
export interface PeerCa {
  certificate: x509.X509Certificate;
  keys: webcrypto.CryptoKeyPair;
}

export interface PeerCertificateOptions {
  validDays: number;
  /** Host names and IP addresses the certificate also names, for tools that check them (grpcurl): `127.0.0.1`. */
  hosts?: readonly string[];
}

const serial = () => Buffer.from(webcrypto.getRandomValues(new Uint8Array(12))).toString('hex');

function validity(days: number) {
  // An hour back: a clock a little behind must not find it not yet valid.
  const notBefore = new Date(Date.now() - 60 * 60 * 1000);
  return { notBefore, notAfter: new Date(notBefore.getTime() + days * DAY_MS) };
}

/** An EC P-256 CA, self-signed, that may sign end certificates only. */
export async function makePeerCa(name: string, validDays: number): Promise<PeerCa> {
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${name}`,
    ...validity(validDays),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate, keys };
}

/**
 * Issues one process's certificate into `dir` as a Kubernetes TLS Secret holds it (`ca.crt`, `tls.crt`, `tls.key`,
 * the key readable by this user only): EC P-256, for server and client use, naming the peer by the DNS name
 * `<peer>.peers.partner-travel` (its identity) and by `<peer>`, plus `hosts`.
 */
export async function issuePeerCertificate(
  ca: PeerCa,
  peer: string,
  dir: string,
  options: PeerCertificateOptions,
): Promise<void> {
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const names = [
    { type: 'dns' as const, value: peerDnsName(peer) },
    { type: 'dns' as const, value: peer },
    ...(options.hosts ?? []).map((host) =>
      isIP(host) ? { type: 'ip' as const, value: host } : { type: 'dns' as const, value: host },
    ),
  ];
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${peer}`,
    issuer: ca.certificate.subject,
    ...validity(options.validDays),
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([
        x509.ExtendedKeyUsage.serverAuth,
        x509.ExtendedKeyUsage.clientAuth,
      ]),
      new x509.SubjectAlternativeNameExtension(names, true),
      await x509.AuthorityKeyIdentifierExtension.create(ca.keys.publicKey),
    ],
  });
  const key = x509.PemConverter.encode(
    await webcrypto.subtle.exportKey('pkcs8', keys.privateKey),
    'PRIVATE KEY',
  );
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, CERTIFICATE_FILES.ca), ca.certificate.toString('pem'));
  writeFileSync(join(dir, CERTIFICATE_FILES.cert), certificate.toString('pem'));
  writeFileSync(join(dir, CERTIFICATE_FILES.key), key, { mode: 0o600 });
  chmodSync(join(dir, CERTIFICATE_FILES.key), 0o600);
}

/**
 * A new CA and one folder per peer under `root` (`<root>/<peer>/`), the way the launcher and the tests give every
 * process its certificate: a few milliseconds each (WebCrypto), no openssl needed.
 */
export async function makePeerCertificates(
  root: string,
  peers: readonly string[],
  options: PeerCertificateOptions & { caName: string },
): Promise<void> {
  const ca = await makePeerCa(options.caName, options.validDays);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  writeFileSync(join(root, CERTIFICATE_FILES.ca), ca.certificate.toString('pem'));
  await Promise.all(peers.map((peer) => issuePeerCertificate(ca, peer, join(root, peer), options)));
}
