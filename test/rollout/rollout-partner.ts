import { signInAdmin } from '@travel/local-deploy';
import { inDays } from '@travel/testkit';
import type { LoadInputs } from './mixed-load';

// What the load needs, made through the real APIs of the rollout stack's first gateway before the roll: a
// partner of its own (tenant, client, a key whose rate limit the load cannot reach), its webhook endpoint,
// partner offers, a storefront customer and a storefront offer.

const json = { 'content-type': 'application/json' };

async function post<T>(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

type Offers = { onward: { offerToken: string }[] };

export async function preparePartner(base: string, webhookUrl: string): Promise<LoadInputs> {
  const admin = await signInAdmin(base);
  const tenant = await admin.createTenant(`Rollout agency ${Date.now()}`);
  const client = await admin.createClient(`${tenant.name} API`, tenant.id);
  const key = await admin.createKey(client.id, { rateLimit: { limit: 100_000, windowSeconds: 60 } });
  const partner = { authorization: `Bearer ${key.secret}` };
  await post(base, '/api/v1/webhooks', { url: webhookUrl, events: ['booking.created'] }, partner);
  const searchDate = inDays(30);
  const search = { from: 'DEL', to: 'BOM', departDate: searchDate };
  const partnerOffers = (await post<Offers>(base, '/api/v1/search/flights', search, partner)).onward;
  const customer = await post<{ token: string }>(base, '/api/auth/register', {
    fullName: 'Rollout Shopper',
    email: `rollout-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@shopper.example`,
    password: 'storefront-pass-2026',
  });
  const [storefrontOffer] = (await post<Offers>(base, '/api/search/flights', search)).onward;
  if (partnerOffers.length === 0 || !storefrontOffer) throw new Error('the searches found no flights');
  return {
    partnerKey: key.secret,
    partnerOffers: partnerOffers.map((offer) => offer.offerToken),
    searchDate,
    customerToken: customer.token,
    storefrontOffer: storefrontOffer.offerToken,
  };
}
