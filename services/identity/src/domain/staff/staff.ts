import type { Right } from './rights';

export type StaffStatus = 'active' | 'disabled';

/** A staff member as consoles see them (never the password hash). */
export interface StaffUser {
  /** `usr_<n>`. */
  id: string;
  /** Lower-cased; unique across the platform. */
  email: string;
  name: string;
  /** Null for platform staff. */
  tenantId: string | null;
  roleId: string;
  status: StaffStatus;
  createdAt: Date;
}

/** A named set of rights; `tenantId` null is a platform role. */
export interface Role {
  /** `rol_<n>`, or `rol_platform_admin` for the built-in one. */
  id: string;
  name: string;
  tenantId: string | null;
  rights: Right[];
  builtIn: boolean;
  createdAt: Date;
}

/** One sign-in. Access tokens carry its id as `sid`; refresh tokens rotate within it. */
export interface StaffSession {
  /** `ses_<random>`. */
  id: string;
  userId: string;
  createdAt: Date;
  /** Sign-in + REFRESH_TOKEN_TTL_SECONDS: refreshing rotates tokens but does not extend it. */
  expiresAt: Date;
  ip: string;
  userAgent: string;
}

/** The signed-in staff member with fresh rights: what `me` shows and what gateways check. */
export interface StaffProfile {
  user: StaffUser;
  roleName: string;
  rights: Right[];
  /** True for platform staff (no tenant). */
  platform: boolean;
}

/**
 * Who asks for an administrative read or change, as the gateway resolved it from the verified session
 * (the shape of the `Actor` message). `tenantId` absent: platform staff.
 */
export interface StaffActor {
  userId: string;
  email: string;
  tenantId?: string | undefined;
  rights: string[];
  ip: string;
  requestId: string;
}

/** The built-in role of the first platform administrator: every right, cannot be changed or deleted. */
export const PLATFORM_ADMIN_ROLE_ID = 'rol_platform_admin';
export const PLATFORM_ADMIN_ROLE_NAME = 'Platform administrator';

/** What sign-in and refresh answer: a short-lived access token and the next single-use refresh token. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Access token lifetime in seconds. */
  expiresIn: number;
  profile: StaffProfile;
}
