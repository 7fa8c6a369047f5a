import { badRequest, type FieldProblem } from '@travel/errors';
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

/** A supplier as contracts need it (`grpc/supply.client.ts` reads it from the supply service). */
export interface ContractSupplier {
  status: string;
  /** What it supplies: `flight`, `hotel`, `car`, `insurance`. */
  services: string[];
}

/** The supply service's directory of suppliers. */
export interface SupplierDirectory {
  /** Null when there is no such supplier. */
  find(supplierId: string, requestId: string): Promise<ContractSupplier | null>;
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
    async verify({ requestId }, fields, current) {
      // A contract keeps its supplier once made: only a new supplier or service is checked again.
      if (current?.supplierId === fields.supplierId && current.service === fields.service) return;
      const problem = supplierProblem(fields, await suppliers.find(fields.supplierId, requestId));
      if (problem) throw badRequest([problem]);
    },
  };
}

/** A new contract needs an active supplier that supplies the contract's service. */
function supplierProblem(
  { supplierId, service }: Pick<Contract, 'supplierId' | 'service'>,
  supplier: ContractSupplier | null,
): FieldProblem | null {
  if (!supplier) return { path: 'supplierId', message: `No supplier ${supplierId}.` };
  if (supplier.status !== 'active')
    return { path: 'supplierId', message: `The supplier ${supplierId} is ${supplier.status}.` };
  if (!supplier.services.includes(service))
    return { path: 'service', message: `The supplier ${supplierId} does not supply ${service}s.` };
  return null;
}

/** Days compare as `YYYY-MM-DD` strings. */
function checkedSpan<C extends Pick<Contract, 'validFrom' | 'validUntil'>>(contract: C): C {
  if (contract.validFrom >= contract.validUntil)
    throw badRequest([{ path: 'validUntil', message: 'Must be after validFrom.' }]);
  return contract;
}
