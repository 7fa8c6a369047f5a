import { supply } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createPeerClient, type PeerClientOptions } from '@travel/grpc';
import type { SupplierDirectory } from '../domain/contracts';

/** The supply service's supplier read (`GetSupplier`), as a contract's check needs it. */
export function createSupplierDirectory(address: string, options: PeerClientOptions): SupplierDirectory {
  const client = createPeerClient(supply.SupplyServiceDefinition, address, options);
  return {
    async find(supplierId, requestId) {
      try {
        const { supplier } = await client.getSupplier({ id: supplierId }, { requestId });
        return supplier ? { status: supplier.status, services: supplier.services } : null;
      } catch (error) {
        // Only "no such supplier" is an answer; an unreachable supply service stays a 503.
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },
  };
}
