import {
  Metadata,
  ServerInterceptingCall,
  type ServerInterceptingCallInterface,
  type ServerInterceptor,
  type ServerMethodDefinition,
} from '@grpc/grpc-js';
import { errorCatalog } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { type AllowedPeers, peerMayCall } from './allowed-peers';
import { ERROR_CODE_KEY, REQUEST_ID_KEY, VERIFIED_PEER_KEY } from './metadata';
import { peerNameOf } from './peer-identity';

/** The peer a call's connection proved: its verified client certificate's name; undefined without one. */
export function verifiedPeerOf(call: ServerInterceptingCallInterface): string | undefined {
  return peerNameOf(call.getAuthContext().sslPeerCertificate?.subjectaltname);
}

/**
 * A grpc-js server interceptor that runs before anything of nice-grpc (no middleware, no decoding, no handler):
 * a call whose connection proved no peer of ours is refused `unauthorized`, one from a peer the service's table
 * does not allow for the method `forbidden`, each with its catalog code in the trailer and a log line. An allowed
 * call goes on with the verified peer in `x-verified-peer` (whatever a client sent there is dropped first), so the
 * call's log lines name it. Without `allowed` (a plaintext server: the package's own transport tests), it only
 * drops a client-sent `x-verified-peer`.
 */
export function peerCheck(allowed: AllowedPeers | undefined, logger: Logger): ServerInterceptor {
  return (method: ServerMethodDefinition<unknown, unknown>, call: ServerInterceptingCallInterface) =>
    new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata: Metadata, pass: (metadata: Metadata) => void) {
            metadata.remove(VERIFIED_PEER_KEY);
            if (!allowed) return pass(metadata);
            const peer = verifiedPeerOf(call);
            const refusal = peer
              ? peerMayCall(allowed, method.path, peer)
                ? undefined
                : refused('forbidden', `the peer ${peer} may not call ${method.path}`)
              : refused(
                  'unauthorized',
                  'the calling process proved no identity (a client certificate of the platform)',
                );
            if (!refusal) {
              metadata.set(VERIFIED_PEER_KEY, peer ?? '');
              return pass(metadata);
            }
            logger.warn(
              {
                rpc: method.path,
                peer: peer ?? null,
                address: call.getPeer(),
                requestId: String(metadata.get(REQUEST_ID_KEY)[0] ?? ''),
                code: refusal.code,
              },
              'grpc call refused: the peer is not allowed',
            );
            call.sendStatus(refusal.status);
          },
        });
      },
    });
}

function refused(code: 'unauthorized' | 'forbidden', why: string) {
  const trailer = new Metadata();
  trailer.set(ERROR_CODE_KEY, code);
  return {
    code,
    status: { code: errorCatalog[code].grpc, details: `The call is refused: ${why}.`, metadata: trailer },
  };
}
