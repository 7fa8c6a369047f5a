import { type AdminApi, type IssuedKey, signInAdmin } from '@travel/local-deploy';
import { gatewayUrl } from './gateway';

export { type AdminApi, ALL_SCOPES, type IssuedKey } from '@travel/local-deploy';

/** The platform administrator of the e2e stack, signed in through the real admin API. */
export function platformAdmin(): Promise<AdminApi> {
  return signInAdmin(gatewayUrl());
}

/** A partner of a test's own: a tenant, a linked client and one key (tests own their data: docs/architecture.md, "Tests"). */
export async function newPartner(admin: AdminApi, keyOptions: Record<string, unknown> = {}) {
  const tenant = await admin.createTenant(
    `E2E agency ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
  );
  const client = await admin.createClient(`${tenant.name} API`, tenant.id);
  const key: IssuedKey = await admin.createKey(client.id, keyOptions);
  return { tenant, client, key };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
