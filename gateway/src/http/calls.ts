import type { identityCommon } from '@travel/contracts';
import type { CallOptions } from '@travel/grpc';
import { withRequestMetadata } from '@travel/grpc';
import type { Response } from 'express';
import { requestContextOf, staffOf } from './request-context';

/** gRPC call options carrying this request's id to the service. */
export function callOptions(res: Response): CallOptions {
  return withRequestMetadata(requestContextOf(res).requestId);
}

/** The signed-in staff member as identity's `Actor`: who asks, from where, with which rights. */
export function actorOf(res: Response): identityCommon.Actor {
  const staff = staffOf(res);
  const { requestId, clientAddress } = requestContextOf(res);
  return {
    userId: staff.userId,
    email: staff.email,
    tenantId: staff.tenantId ?? undefined,
    rights: staff.rights,
    ip: clientAddress ?? '',
    requestId,
  };
}
