import { EMPLOYEE_STATUSES, SERVICES } from '../domain/records';
import { directorySchema, employeeCountField, serviceRuleField } from './directory.schema';

const optionalText = { type: String, default: null };

export const costCenterSchema = directorySchema('cost_centers', {
  code: { type: String, required: true },
  /** Upper-case code: the unique key. */
  codeKey: { type: String, required: true },
  name: { type: String, required: true },
  description: optionalText,
  ...employeeCountField,
});
// One code per tenant, case-insensitive: of two concurrent creations one insert lands.
costCenterSchema.index({ tenantId: 1, codeKey: 1 }, { unique: true });

export const approverSchema = directorySchema('approvers', {
  name: { type: String, required: true },
  email: { type: String, required: true },
  approvalLimit: { type: Number, default: null },
  ...employeeCountField,
});
// One approver per email and tenant (emails are stored lower-case).
approverSchema.index({ tenantId: 1, email: 1 }, { unique: true });

export const policySchema = directorySchema('policies', {
  name: { type: String, required: true },
  /** Lower-case name: the unique key. */
  nameKey: { type: String, required: true },
  description: optionalText,
  flight: serviceRuleField,
  hotel: serviceRuleField,
  car: serviceRuleField,
  ...employeeCountField,
});
// One policy per name and tenant, case-insensitive.
policySchema.index({ tenantId: 1, nameKey: 1 }, { unique: true });

export const employeeSchema = directorySchema('employees', {
  name: { type: String, required: true },
  email: { type: String, required: true },
  employeeCode: optionalText,
  costCenterId: { type: String, required: true },
  approverId: { type: String, required: true },
  policyId: { type: String, default: null },
  status: { type: String, required: true, enum: EMPLOYEE_STATUSES },
});
// One employee per email and tenant (emails are stored lower-case).
employeeSchema.index({ tenantId: 1, email: 1 }, { unique: true });
// Serve the employee list filtered by cost centre, approver or policy (the console's "who uses this").
employeeSchema.index({ tenantId: 1, costCenterId: 1, n: -1 });
employeeSchema.index({ tenantId: 1, approverId: 1, n: -1 });
employeeSchema.index({ tenantId: 1, policyId: 1, n: -1 });

export const contractSchema = directorySchema('contracts', {
  supplierId: { type: String, required: true },
  service: { type: String, required: true, enum: SERVICES },
  discountBps: { type: Number, required: true },
  validFrom: { type: String, required: true },
  validUntil: { type: String, required: true },
  reference: optionalText,
});
// Serves the contract list filtered by supplier (the rates a tenant has with one supplier).
contractSchema.index({ tenantId: 1, supplierId: 1, n: -1 });
