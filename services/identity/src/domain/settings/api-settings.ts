/** The platform switches an administrator flips (docs/access.md, "A partner call"). */
export interface ApiSettings {
  apiEnabled: boolean;
  /** Scopes switched off platform-wide: calls needing them answer `403 scope_disabled`. */
  disabledScopes: string[];
  defaultRateLimit: { limit: number; windowSeconds: number };
}
