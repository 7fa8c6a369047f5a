import { withAuditOutbox } from '@travel/audit';
import { Schema, type SchemaDefinition } from 'mongoose';

/**
 * The fields every directory collection shares: `_id` `<prefix>_<n>`, `n` (the page order), the tenant, a
 * `version` that each replacement checks and bumps, times, and `search` (lower-case text `q` looks in).
 */
export function directorySchema(collection: string, fields: SchemaDefinition): Schema {
  const schema = new Schema(
    {
      _id: { type: String, required: true },
      n: { type: Number, required: true },
      tenantId: { type: String, required: true },
      version: { type: Number, required: true },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
      search: { type: String, default: '' },
      ...fields,
    },
    { collection, versionKey: false, strict: 'throw' },
  );
  // Serves a tenant's list, newest first (and its cursor), and scoped reads by `_id` + tenant.
  schema.index({ tenantId: 1, n: -1 });
  // Serves the platform's list across every tenant, newest first.
  schema.index({ n: -1 });
  // Each change's audit entry waits in the record until relayed (docs/decisions/audit.md); deletes are tombstones.
  withAuditOutbox(schema, { tombstones: true });
  return schema;
}

/** Records employees refer to keep the count of employees naming them (the delete guard). */
export const employeeCountField = { employeeCount: { type: Number, required: true, default: 0 } };

/** A rule of a travel policy, embedded once per service. */
export const serviceRuleField = {
  type: new Schema(
    {
      maxAmount: { type: Number, required: true },
      approvalThreshold: { type: Number, required: true },
      allowedCabins: { type: [String], default: [] },
    },
    { _id: false },
  ),
  required: true,
};
