/** Every directory record belongs to one tenant. */
export interface Owned {
  /** `<prefix>_<n>`: `cc_`, `apr_`, `pol_`, `emp_`, `ctr_`. */
  id: string;
  tenantId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CostCenter extends Owned {
  code: string;
  name: string;
  description: string | null;
  /** Employees naming it: the reference count that guards its deletion. */
  employeeCount: number;
}

export interface Approver extends Owned {
  name: string;
  /** Lower-case. */
  email: string;
  /** The largest trip (whole rupees) this approver may approve; null: no limit. */
  approvalLimit: number | null;
  employeeCount: number;
}

export const SERVICES = ['flight', 'hotel', 'car'] as const;
export type Service = (typeof SERVICES)[number];
export const CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;
export type Cabin = (typeof CABINS)[number];

/** Above `maxAmount` a trip is out of policy; above `approvalThreshold` it needs the employee's approver. */
export interface ServiceRule {
  maxAmount: number;
  approvalThreshold: number;
  /** Flights only (empty for hotels and cars). */
  allowedCabins: Cabin[];
}

export interface Policy extends Owned {
  name: string;
  description: string | null;
  flight: ServiceRule;
  hotel: ServiceRule;
  car: ServiceRule;
  employeeCount: number;
}

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export interface Employee extends Owned {
  name: string;
  /** Lower-case. */
  email: string;
  employeeCode: string | null;
  costCenterId: string;
  approverId: string;
  policyId: string | null;
  status: EmployeeStatus;
}

export interface Contract extends Owned {
  supplierId: string;
  service: Service;
  discountBps: number;
  /** `YYYY-MM-DD`, both days included. */
  validFrom: string;
  validUntil: string;
  reference: string | null;
}

/** The fields a use case writes; ids, tenant, times and reference counts are the repository's. */
export type Fields<R extends Owned> = Omit<R, keyof Owned | 'employeeCount'>;
