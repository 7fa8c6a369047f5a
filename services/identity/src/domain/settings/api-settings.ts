/** The platform switches an administrator flips (partner-api.md §5.7, decisions.md "API-access administration"). */
export interface ApiSettings {
  apiEnabled: boolean;
  /** Scopes switched off platform-wide: calls needing them answer `403 scope_disabled`. */
  disabledScopes: string[];
  defaultRateLimit: { limit: number; windowSeconds: number };
}
