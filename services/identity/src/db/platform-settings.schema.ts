import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** The platform's settings: one document, `_id: "platform"`. */
export interface PlatformSettingsDocument {
  _id: string;
  siteName: string;
  supportEmail: string;
  supportPhone: string;
  storefrontEnabled: boolean;
  updatedAt: Date | null;
}

export const platformSettingsSchema = new Schema<PlatformSettingsDocument>(
  {
    _id: { type: String, required: true },
    siteName: { type: String, required: true },
    supportEmail: { type: String, required: true },
    supportPhone: { type: String, default: '' },
    storefrontEnabled: { type: Boolean, required: true },
    updatedAt: { type: Date, default: null },
  },
  { collection: 'platform_settings', versionKey: false },
);
// Each change carries its audit entry until relayed (docs/decisions/audit.md).
withAuditOutbox(platformSettingsSchema);
