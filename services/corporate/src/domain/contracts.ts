import { badRequest } from '@travel/errors';
import type { DirectoryRules } from './directory-use-cases';
import type { Contract, Service } from './records';

export interface ContractInput {
  supplierId: string;
  service: Service;
  discountBps: number;
  validFrom: string;
  validUntil: string;
  reference?: string;
}
export type ContractPatch = Partial<ContractInput>;

/** The supply service's directory of suppliers (`grpc/supply.client.ts`). */
export interface SupplierDirectory {
  exists(supplierId: string): Promise<boolean>;
}

/** A negotiated rate: a discount (1 to 10000 bps) with one supplier for one service over a span of days. */
export function contractRules(
  suppliers: SupplierDirectory,
): DirectoryRules<Contract, ContractInput, ContractPatch> {
  return {
    kind: { type: 'contract', label: 'contract' },
    build: (input) => checkedSpan({ ...input, reference: input.reference || null }),
    merge: (current, patch) =>
      checkedSpan({
        supplierId: patch.supplierId ?? current.supplierId,
        service: patch.service ?? current.service,
        discountBps: patch.discountBps ?? current.discountBps,
        validFrom: patch.validFrom ?? current.validFrom,
        validUntil: patch.validUntil ?? current.validUntil,
        reference: patch.reference === undefined ? current.reference : patch.reference || null,
      }),
    async verify(_tenantId, fields, current) {
      if (current?.supplierId === fields.supplierId) return;
      if (!(await suppliers.exists(fields.supplierId)))
        throw badRequest([{ path: 'supplierId', message: `No supplier ${fields.supplierId}.` }]);
    },
  };
}

/** Days compare as `YYYY-MM-DD` strings. */
function checkedSpan<C extends Pick<Contract, 'validFrom' | 'validUntil'>>(contract: C): C {
  if (contract.validFrom >= contract.validUntil)
    throw badRequest([{ path: 'validUntil', message: 'Must be after validFrom.' }]);
  return contract;
}
