import type { CallOptions } from '@travel/grpc';
import { withRequestMetadata } from '@travel/grpc';
import type { Response } from 'express';
import { requestContextOf } from './request-context';

/** gRPC call options carrying this request's id to the service. */
export function callOptions(res: Response): CallOptions {
  return withRequestMetadata(requestContextOf(res).requestId);
}
