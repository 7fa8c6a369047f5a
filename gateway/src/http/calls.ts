import type { CallOptions } from '@travel/grpc';
import { withRequestMetadata } from '@travel/grpc';
import type { Response } from 'express';
import { requestContextOf } from './request-context';

/**
 * gRPC call options carrying this request's id to the service, what is left of its budget as the deadline,
 * and its client's hang-up as the signal that cancels the call.
 */
export function callOptions(res: Response): CallOptions & { deadline?: Date } {
  const { requestId, deadline, signal } = requestContextOf(res);
  // An absent key, never `undefined`: that would override the client's default deadline.
  return { ...withRequestMetadata(requestId), ...(deadline && { deadline }), ...(signal && { signal }) };
}
