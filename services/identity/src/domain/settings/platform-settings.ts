/** The platform's own settings (`/api/admin/settings` in gateway/openapi/internal.yaml). */
export interface PlatformSettings {
  siteName: string;
  supportEmail: string;
  supportPhone: string;
  /** Off: every storefront and customer route answers 503; the consoles keep working. */
  storefrontEnabled: boolean;
  /** Null until an administrator first saves them. */
  updatedAt: Date | null;
}

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  siteName: 'Partner Travel',
  supportEmail: 'support@partner-travel.local',
  supportPhone: '',
  storefrontEnabled: true,
  updatedAt: null,
};

/** One console IP rule (docs/access.md, "Platform gates"). */
export interface ConsoleIpRule {
  /** `ipr_<random>`. */
  id: string;
  action: 'allow' | 'deny';
  /** An address or CIDR, trimmed, as entered. */
  cidr: string;
  note: string;
  createdAt: Date;
  /** Email of the staff member who added it. */
  createdBy: string;
}

/** More rules than this is a mistake, not a policy; the gateway checks them on every console request. */
export const MAX_CONSOLE_IP_RULES = 100;
