/** A storefront customer as the storefront sees them (never the password hash). */
export interface Customer {
  /** `cus_<n>`. */
  id: string;
  /** Lower-cased and trimmed; unique across customers. */
  email: string;
  fullName: string;
  mobile: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One storefront sign-in. Customer access tokens carry its id as `sid`; refresh tokens rotate within it. */
export interface CustomerSession {
  /** `ses_<random>`. */
  id: string;
  customerId: string;
  createdAt: Date;
  /** Sign-in + REFRESH_TOKEN_TTL_SECONDS: refreshing rotates tokens but does not extend it. */
  expiresAt: Date;
  ip: string;
  userAgent: string;
}

/** A saved passenger; the passport number is stored whole but only ever shown masked. */
export interface Traveller {
  /** `trv_<random>`. */
  id: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string | null;
  passportNumber: string | null;
  createdAt: Date;
}

export interface CustomerTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  customer: Customer;
}

/** How many travellers one customer may keep (docs/decisions/identity-and-access.md, "Travellers"). */
export const MAX_TRAVELLERS = 20;

/** Every character but the last 4 as `*`: `X1234567` → `****4567`; 4 characters or fewer: all masked. */
export function maskPassport(passportNumber: string): string {
  const visible = passportNumber.length > 4 ? passportNumber.slice(-4) : '';
  return '*'.repeat(passportNumber.length - visible.length) + visible;
}
