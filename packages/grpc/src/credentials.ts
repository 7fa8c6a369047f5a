import type { PeerCertificate } from 'node:tls';
import { type ChannelCredentials, experimental, type ServerCredentials } from '@grpc/grpc-js';
import type { ChannelOptions } from 'nice-grpc';
import { CertificateFiles } from './certificate-files';
import { PEER_DOMAIN, peerNameOf } from './peer-identity';

/** The `GRPC_TLS_DIR` setting of a process's config (`grpcTlsFields` of @travel/config). */
export interface GrpcTlsConfig {
  GRPC_TLS_DIR: string;
}

/** A process's own certificate folder (`ca.crt`, `tls.crt`, `tls.key`), for its server and its channels. */
export interface PeerTls {
  dir: string;
}

export const peerTlsOf = (config: GrpcTlsConfig): PeerTls => ({ dir: config.GRPC_TLS_DIR });

/**
 * The files behind a `PeerTls`, read and checked (a wrong folder fails here, at start, naming the file). Each
 * server and channel reads its own: a handful of small files at start, again each minute.
 */
export const filesOf = (tls: PeerTls): CertificateFiles => new CertificateFiles(tls.dir);

/**
 * A server's side of mutual TLS: it presents its certificate and asks every client for one signed by the same CA,
 * without refusing the handshake when none comes, so that the call can be refused with a catalog error and a
 * log line (`peerCheck`) instead of a bare connection failure.
 */
export function serverCredentialsOf(tls: PeerTls): ServerCredentials {
  const files = filesOf(tls);
  return experimental.createCertificateProviderServerCredentials(files, files, false);
}

/**
 * A client's side: it presents this process's certificate and accepts only a server whose certificate the CA
 * signed and names a peer of ours (`server` given: exactly that one). Node's host-name check is replaced by that:
 * replicas are dialled by address, and a certificate names a process, not a host.
 */
export function channelCredentialsOf(tls: PeerTls, server?: string): ChannelCredentials {
  const files = filesOf(tls);
  return experimental.createCertificateProviderChannelCredentials(files, files, {
    checkServerIdentity: (_host: string, certificate: PeerCertificate) =>
      serverIdentityProblem(certificate, server),
  });
}

/** Why a server's certificate is not the one expected; undefined when it is. */
export function serverIdentityProblem(certificate: PeerCertificate, server?: string): Error | undefined {
  const peer = peerNameOf(certificate.subjectaltname);
  if (!peer) return new Error('the server certificate names no peer of the platform');
  if (server !== undefined && peer !== server)
    return new Error(`the server proved it is ${peer}, not ${server}`);
  return undefined;
}

/**
 * Channel options for TLS: the TLS server name (SNI) is the expected peer's name or the peers' domain, never the
 * dialled address (Node refuses an IP address there, and a list target has none to offer).
 */
export function tlsChannelOptionsOf(server?: string): ChannelOptions {
  return { 'grpc.ssl_target_name_override': server ? `${server}.${PEER_DOMAIN}` : PEER_DOMAIN };
}
