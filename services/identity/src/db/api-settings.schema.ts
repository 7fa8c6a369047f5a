import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** The platform switches: one document, `_id: "platform"`. */
export interface ApiSettingsDocument {
  _id: string;
  apiEnabled: boolean;
  disabledScopes: string[];
  defaultRateLimit: { limit: number; windowSeconds: number };
  updatedAt: Date;
}

export const apiSettingsSchema = new Schema<ApiSettingsDocument>(
  {
    _id: { type: String, required: true },
    apiEnabled: { type: Boolean, required: true },
    disabledScopes: { type: [String], required: true },
    defaultRateLimit: {
      limit: { type: Number, required: true },
      windowSeconds: { type: Number, required: true },
    },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'api_settings', versionKey: false },
);
// Each change carries its audit entry until relayed (docs/decisions/audit.md).
withAuditOutbox(apiSettingsSchema);
