import { randomUUID } from 'node:crypto';
import { startReceiver, verifySignature, waitFor } from '@travel/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type AdminApi, platformAdmin } from '../support/admin';
import { book, contact, dataOf, flightOffers, partnerCall } from '../support/bookings';
import { dataOf as answerOf, codeOf, consoleCall } from '../support/console-calls';
import { tenantStaff } from '../support/staff';
import { type LaunchedBrowser, launchBrowser, newContext } from './support/browser';
import { consoleUrl, expectGoodPage, openPage, signIn } from './support/console-pages';

// The partner console in a real browser (Debian's Chromium driven by playwright-core; docs/console.md): a tenant's
// staff member signs in, issues a key and sees its secret once, finds the key's calls in the request log by their
// request ids, and another tenant's staff member reaches none of it, through the pages or the API calls they make;
// a webhook that failed is found with its attempts and sent again once its receiver answers.
// Every page is checked with axe-core (no serious or critical violation), at 375 px wide, and photographed for
// docs/console.md. One browser for the file; each person has a context of their own.

const PASSWORD = 'tenant-pass-2026';
let admin: AdminApi;
let launched: LaunchedBrowser;
let browser: Browser;
let ownerContext: BrowserContext;
let page: Page;
let owner: Awaited<ReturnType<typeof tenantStaff>>;
let other: Awaited<ReturnType<typeof tenantStaff>>;
/** What the flows below leave for the later ones. */
const made = {
  keyName: `Console robot ${Date.now().toString(36)}`,
  secret: '',
  okCall: '',
  failedCall: '',
  bookingId: '',
  hookSecret: '',
};
/** The webhook receiver: `500` until the test fixes it. */
let receiverFixed = false;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  admin = await platformAdmin();
  [owner, other, launched, receiver] = await Promise.all([
    tenantStaff(admin, ['api-console', 'bookings', 'billing']),
    tenantStaff(admin, ['api-console', 'bookings', 'billing']),
    launchBrowser(),
    startReceiver(() => (receiverFixed ? { status: 200 } : { status: 500, body: 'receiver down' })),
  ]);
  browser = launched.browser;
  ownerContext = await newContext(browser, consoleUrl());
  page = await ownerContext.newPage();
  await requestLogFlowing(owner);
  // Room for a first run that installs Chromium from Debian's packages (npm test installs it before the tiers).
}, 600_000);

afterAll(async () => {
  await Promise.all([launched?.close(), receiver?.stop()]);
}, 30_000);

/** The owner's key's mode in a page's URL (the pages show `live` unless told). */
const ownerMode = () => (owner.key.environment === 'test' ? '?mode=test' : '');

/** Polls the console's own API until the tenant's request log lists `requestId`; false after `timeoutMs`. */
async function listedWithin(token: string, requestId: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await consoleCall(token, 'GET', `/api/admin/api-console/request-logs/${requestId}`);
    if (res.status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Waits until a partner call reaches the request log (a stack just started may still be joining its consumer
 * group), so the "within seconds" checks below time the log itself: one call after another until one is listed.
 */
async function requestLogFlowing(staff: { token: string; key: { secret: string } }): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const requestId = `console-warm-up-${randomUUID()}`;
    await partnerCall(staff.key.secret, 'GET', '/api/v1/me', { headers: { 'x-request-id': requestId } });
    if (await listedWithin(staff.token, requestId, 5_000)) return;
    if (Date.now() > deadline) throw new Error('no partner call reached the request log within 90 s');
  }
}

/** The bound for "listed within seconds": one flush (1 s) and the consumer, with room for a busy machine. */
const LISTED_WITHIN_MS = 10_000;

describe('the partner console in a browser', () => {
  it('when a tenant staff member signs in, then the overview opens', async () => {
    await page.goto(consoleUrl('/sign-in'));
    await page.getByRole('heading', { level: 1, name: 'Sign in to the partner console' }).waitFor();
    await expectGoodPage(page, 'sign-in');
    await signIn(page, owner.email, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expectGoodPage(page, 'overview');
  });

  it('when a test key is created, then its secret is shown once and never again', async () => {
    await openPage(page, 'API keys');
    await page.getByRole('group', { name: 'Mode' }).getByLabel('Test').check();
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const form = page.getByRole('form', { name: 'Create key' });
    await form.getByLabel('Name').fill(made.keyName);
    await form.getByRole('group', { name: 'Environment' }).getByLabel('Test').check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByRole('textbox', { name: 'Secret' });
    await secret.waitFor();
    made.secret = await secret.inputValue();
    expect(made.secret).toMatch(/^ptk_test_[0-9A-Za-z]{32}$/);
    await expectGoodPage(page, 'api-keys-secret-once', [secret]);
    await page.getByRole('button', { name: 'I have saved the secret' }).click();
    await page.getByRole('cell', { name: new RegExp(`^${made.keyName}`) }).waitFor();
    expect(await page.content()).not.toContain(made.secret);
    await page.reload();
    await page.getByRole('cell', { name: new RegExp(`^${made.keyName}`) }).waitFor();
    expect(await page.content()).not.toContain(made.secret);
    await expectGoodPage(page, 'api-keys');
  });

  it('when the key calls the partner API, then the call is found in the request log by its request id within seconds', async () => {
    made.okCall = `console-ok-${randomUUID()}`;
    const res = await partnerCall(made.secret, 'GET', '/api/v1/me', {
      headers: { 'x-request-id': made.okCall },
    });
    expect(res.status).toBe(200);
    expect(await listedWithin(owner.token, made.okCall, LISTED_WITHIN_MS)).toBe(true);
    await openPage(page, 'Request logs');
    await page.getByRole('group', { name: 'Mode' }).getByLabel('Test').check();
    await page.getByLabel('Request id').fill(made.okCall);
    await page.getByRole('button', { name: 'Open call' }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(made.okCall) }).waitFor();
    await page.getByText('/api/v1/me').first().waitFor();
    await expectGoodPage(page, 'request-log-call');
  });

  it('when a call failed, then it is found among the failed calls and its error is read', async () => {
    made.failedCall = `console-failed-${randomUUID()}`;
    const res = await partnerCall(made.secret, 'GET', '/api/v1/bookings/bkg_404404', {
      headers: { 'x-request-id': made.failedCall },
    });
    expect(res.status).toBe(404);
    expect(await listedWithin(owner.token, made.failedCall, LISTED_WITHIN_MS)).toBe(true);
    await page.goto(consoleUrl('/logs?mode=test'));
    await page.getByRole('heading', { level: 1, name: 'Request logs' }).waitFor();
    await page.getByLabel('Status class').selectOption('4xx');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const link = page.getByRole('link', { name: made.failedCall });
    await link.waitFor();
    await expectGoodPage(page, 'request-logs');
    await link.click();
    await page.getByRole('heading', { level: 1, name: new RegExp(made.failedCall) }).waitFor();
    await page.getByText('not_found').first().waitFor();
    await expectGoodPage(page, 'request-log-error');
  });

  it("when another tenant's staff member looks for this tenant's calls and keys, then neither the pages nor the API show them", async () => {
    const context = await newContext(browser, consoleUrl());
    try {
      const intruder = await context.newPage();
      await signIn(intruder, other.email, PASSWORD);
      await intruder.goto(consoleUrl(`/logs/${made.failedCall}?mode=test`));
      await intruder.getByRole('alert').filter({ hasText: 'No call of this tenant' }).waitFor();
      await intruder.goto(consoleUrl('/keys?mode=test'));
      await intruder.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
      await intruder.getByRole('table').first().waitFor();
      expect(await intruder.content()).not.toContain(made.keyName);
    } finally {
      await context.close();
    }
    // The same calls the console makes, with the other tenant's token.
    expect(
      codeOf(await consoleCall(other.token, 'GET', `/api/admin/api-console/request-logs/${made.failedCall}`)),
    ).toEqual([404, 'not_found']);
    expect(
      codeOf(await consoleCall(other.token, 'POST', `/api/admin/api-console/keys/${owner.key.id}/revoke`)),
    ).toEqual([404, 'not_found']);
    expect(
      codeOf(
        await consoleCall(other.token, 'POST', `/api/admin/api-console/clients/${owner.client.id}/keys`, {
          scopes: ['search:read'],
          environment: 'test',
          ipAllowList: [],
        }),
      ),
    ).toEqual([404, 'not_found']);
  });

  it('when a key is rotated, then the new secret is shown once and the old key keeps working through its overlap', async () => {
    await page.goto(consoleUrl('/keys?mode=test'));
    await page.getByRole('button', { name: `Rotate ${made.keyName}` }).click();
    const form = page.getByRole('form', { name: `Rotate ${made.keyName}` });
    await form.getByRole('button', { name: 'Rotate key' }).click();
    const secret = page.getByRole('textbox', { name: 'Secret' });
    await secret.waitFor();
    const rotated = await secret.inputValue();
    expect(rotated).toMatch(/^ptk_test_/);
    expect(rotated).not.toBe(made.secret);
    await page.getByRole('button', { name: 'I have saved the secret' }).click();
    expect((await partnerCall(rotated, 'GET', '/api/v1/me')).status).toBe(200);
  });

  it('when a booking is cancelled from its quote, then the console and the partner API show it cancelled', async () => {
    const [offer] = await flightOffers(owner.key.secret);
    const booked = await book(owner.key.secret, { offerToken: offer?.offerToken, contact });
    expect(booked.status).toBe(201);
    const booking = dataOf(booked);
    await page.goto(consoleUrl(`/bookings${ownerMode()}`));
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
    await page.getByRole('link', { name: booking.id }).click();
    await page.getByRole('heading', { level: 1, name: `Booking ${booking.id}` }).waitFor();
    await page.getByRole('button', { name: 'Get cancellation quote' }).click();
    await page.getByText(/Refund .*penalty/).waitFor();
    await expectGoodPage(page, 'booking-cancellation-quote');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('status').filter({ hasText: 'The booking is cancelled.' }).waitFor();
    const seen = await partnerCall(owner.key.secret, 'GET', `/api/v1/bookings/${booking.id}`);
    expect(dataOf(seen).status).toBe('Cancelled');
  });

  it("when the client booked and cancelled, then the Events page shows both in the client's feed with their sequence", async () => {
    await page.goto(consoleUrl(`/events${ownerMode()}`));
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    const feed = page.getByRole('table', { name: 'The event feed' });
    await feed.getByRole('cell', { name: 'booking.cancelled', exact: true }).waitFor();
    await feed.getByRole('cell', { name: 'booking.created', exact: true }).first().waitFor();
    await expectGoodPage(page, 'events');
  });

  it('when a webhook endpoint is added and its secret rotated, then each signing secret is shown once', async () => {
    await page.goto(consoleUrl(`/webhooks${ownerMode()}`));
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add endpoint' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form
      .getByRole('group', { name: /^Events/ })
      .getByLabel('booking.created')
      .check();
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    made.hookSecret = await secretShownOnce(page);
    // A booking now, so its delivery fails and is retried while the secret is rotated.
    const [offer] = await flightOffers(owner.key.secret);
    const booked = await book(owner.key.secret, { offerToken: offer?.offerToken, contact });
    expect(booked.status).toBe(201);
    made.bookingId = dataOf(booked).id;
    await page.getByRole('button', { name: `Rotate secret of ${receiver.url}` }).click();
    const rotated = await secretShownOnce(page);
    expect(rotated).not.toBe(made.hookSecret);
    made.hookSecret = rotated;
  });

  // The pages below are checked while the booking's delivery runs through its retries (about 6 s).
  it.each([
    ['Bookings', 'bookings'],
    ['Invoices', 'invoices'],
  ])('when the %s page is opened, then it is accessible and usable at 375 px', async (link, name) => {
    await openPage(page, link);
    await expectGoodPage(page, name);
  });

  it('when a delivery failed, then the Webhooks page shows its attempts, and Redeliver delivers it once the receiver is fixed', async () => {
    const { eventId, deliveryId } = await deliveryOf(made.bookingId);
    await failedDelivery(deliveryId);
    await openPage(page, 'Webhooks');
    await page.getByRole('button', { name: `Deliveries to ${receiver.url}`, exact: true }).click();
    const card = page.getByRole('listitem').filter({ hasText: eventId });
    await card.getByText('failed', { exact: true }).waitFor();
    expect(await card.getByRole('list', { name: `Attempts of ${deliveryId}` }).textContent()).toMatch(
      /HTTP 500 failed/,
    );
    // The payload is read only when asked for (the event, by the delivery's eventId), and stays open below.
    const payload = card.getByRole('button', { name: `Payload of ${deliveryId}` });
    await payload.click();
    const json = card.getByRole('region', { name: `Payload of ${deliveryId}` });
    await json.getByText(`"id": "${eventId}"`).waitFor();
    expect([await payload.getAttribute('aria-expanded'), await json.textContent()]).toEqual([
      'true',
      expect.stringContaining(`"id": "${made.bookingId}"`),
    ]);
    receiverFixed = true;
    await card.getByRole('button', { name: `Redeliver ${deliveryId}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Sent ${deliveryId} again: HTTP 200 delivered` })
      .waitFor();
    await card.getByText('succeeded', { exact: true }).waitFor();
    await card.getByText(/HTTP 200 delivered in \d+ ms \(manual\)/).waitFor();
    const resent = receiver.received.at(-1);
    expect(resent?.headers['x-partner-delivery']).toBe(deliveryId);
    const signature = String(resent?.headers['x-partner-signature']);
    expect(verifySignature(made.hookSecret, signature, resent?.rawBody ?? '', Date.now() / 1000)).toBe(true);
    await expectGoodPage(page, 'webhooks');
  });
});

/** The secret the page shows once: read, then gone after "I have saved the secret". */
async function secretShownOnce(page: Page): Promise<string> {
  const secret = page.getByRole('textbox', { name: 'Secret' });
  await secret.waitFor();
  const value = await secret.inputValue();
  expect(value).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
  await page.getByRole('button', { name: 'I have saved the secret' }).click();
  await secret.waitFor({ state: 'detached' });
  expect(await page.content()).not.toContain(value);
  return value;
}

/** The event and delivery ids of the booking's `booking.created`, from its first attempt at the receiver. */
async function deliveryOf(bookingId: string): Promise<{ eventId: string; deliveryId: string }> {
  return waitFor(
    () => {
      const first = receiver.received.find(
        (request) => (JSON.parse(request.rawBody) as { data: { id: string } }).data.id === bookingId,
      );
      if (!first) throw new Error(`no delivery of ${bookingId} reached the receiver yet`);
      const eventId = (JSON.parse(first.rawBody) as { id: string }).id;
      return { eventId, deliveryId: String(first.headers['x-partner-delivery']) };
    },
    { timeoutMs: 15_000, intervalMs: 100 },
  );
}

/** Waits (through the API the page calls) until the delivery's retries ran out: `failed`. */
async function failedDelivery(deliveryId: string): Promise<void> {
  const path = `/api/admin/api-console/clients/${owner.client.id}/webhooks`;
  const query = `?environment=${owner.key.environment}`;
  const endpoints = answerOf<{ id: string; url: string }[]>(
    await consoleCall(owner.token, 'GET', path + query),
  );
  const endpoint = endpoints.find((one) => one.url === receiver.url);
  await waitFor(
    async () => {
      const res = await consoleCall(owner.token, 'GET', `${path}/${endpoint?.id}/deliveries${query}`);
      const delivery = answerOf<{ id: string; status: string }[]>(res).find((one) => one.id === deliveryId);
      expect(delivery?.status).toBe('failed');
    },
    { timeoutMs: 20_000, intervalMs: 250 },
  );
}
