import type { keySpending } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { createGetKeySpending } from '../domain/key-spending';
import { partnerSpenderOf } from './callers';

/** `GET /me`'s spending: the calling key's total today (a partner caller naming its key, else refused). */
export function createKeySpendingGrpc(
  getKeySpending: ReturnType<typeof createGetKeySpending>,
): ServiceImplementation<typeof keySpending.KeySpendingServiceDefinition, RequestContext> {
  return {
    async getKeySpending(request) {
      return getKeySpending(partnerSpenderOf(request.caller).keyId);
    },
  };
}
