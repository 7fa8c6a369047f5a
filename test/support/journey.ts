import { signInAdmin } from '@travel/local-deploy';
import { startReceiver, verifySignature, waitFor } from '@travel/testkit';
import { newPartner } from './admin';
import { book, contact, dataOf, flightOffers } from './bookings';
import { endpointOf, registerWebhook } from './webhooks';

/**
 * The journey that proves a booted platform works end to end, for the suites that boot it their own way (from
 * the rendered chart, from the images): the administrator makes a partner, the partner registers a webhook
 * endpoint on a receiver of this test (127.0.0.1), searches, books, and booking.created arrives signed.
 * The gateway is the one E2E_GATEWAY_URL names (the support helpers call it).
 */
export async function expectSearchBookAndSignedWebhook(
  gatewayUrl: string,
  admin: { email: string; password: string },
): Promise<void> {
  const platform = await signInAdmin(gatewayUrl, admin);
  const { key } = await newPartner(platform);
  const hooks = await startReceiver();
  try {
    const { secret } = endpointOf(await registerWebhook(key.secret, { url: hooks.url, events: [] }));
    const [offer] = await flightOffers(key.secret);
    expect(offer?.offerToken).toEqual(expect.any(String));
    const res = await book(key.secret, { offerToken: offer?.offerToken, contact });
    expect(res.status).toBe(201);
    const booking = dataOf(res);
    await waitFor(() => expect(hooks.received.length).toBeGreaterThanOrEqual(1), { timeoutMs: 30_000 });
    const [delivery] = hooks.received;
    expect(JSON.parse(delivery?.rawBody ?? '{}')).toMatchObject({
      type: 'booking.created',
      data: { id: booking.id, pnr: booking.pnr },
    });
    expect(
      verifySignature(
        secret ?? '',
        String(delivery?.headers['x-partner-signature']),
        delivery?.rawBody ?? '',
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
  } finally {
    await hooks.stop();
  }
}
