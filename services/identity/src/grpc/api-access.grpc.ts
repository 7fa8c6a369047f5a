import type { apiAccess } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { ApiSettings } from '../domain/api-settings';

export interface IdentityUseCases {
  getApiSettings(): Promise<ApiSettings>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createApiAccessGrpc(
  useCases: IdentityUseCases,
): ServiceImplementation<typeof apiAccess.ApiAccessServiceDefinition, RequestContext> {
  return {
    async getApiSettings() {
      return { settings: await useCases.getApiSettings() };
    },
  };
}
