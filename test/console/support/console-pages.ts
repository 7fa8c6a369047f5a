import type { Locator, Page } from 'playwright-core';
import { gatewayUrl } from '../../support/gateway';
import { checkPage } from './browser';

// Steps through the partner console as a person would: by the pages' roles and accessible names (the app's
// contract in docs/console.md), never by CSS classes.

/** The console's address in the launched stack: the gateway's `/console`. */
export const consoleUrl = (path = '/') => `${gatewayUrl()}/console${path === '/' ? '' : path}`;

/** Signs in through the sign-in form and waits for the console's navigation. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(consoleUrl('/sign-in'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

/** Opens a page of the console by its navigation link, and waits for its heading. */
export async function openPage(page: Page, link: string, heading: string | RegExp = link): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The accessibility and narrow-width checks of one page, with its screenshot; fails listing what to fix. */
export async function expectGoodPage(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  const { violations, overflow } = await checkPage(page, name, mask);
  expect({ page: name, violations, sidewaysScrollPx: overflow }).toEqual({
    page: name,
    violations: [],
    sidewaysScrollPx: 0,
  });
}
