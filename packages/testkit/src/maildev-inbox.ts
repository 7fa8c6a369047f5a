/** One email as MailDev's REST API (`GET /api/email`) returns it; only the fields tests read. */
export interface CaughtEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string; name?: string }[];
  headers: Record<string, string>;
}

/**
 * The MailDev of the tests: the component tier's container (its set-up sets MAILDEV_TEST_URL), else the test
 * copy that deploy/local starts (`maildev-test`).
 */
export function testMaildevUrl(env: Record<string, string | undefined> = process.env): string {
  return (env.MAILDEV_TEST_URL ?? 'http://127.0.0.1:11080').replace(/\/+$/, '');
}

/** The SMTP side of the same MailDev, for services under test (MAILDEV_TEST_SMTP_PORT, set with the URL). */
export const TEST_SMTP = { host: '127.0.0.1', port: Number(process.env.MAILDEV_TEST_SMTP_PORT || 11025) };

/** Every email MailDev caught with exactly this subject (tests give theirs a unique one). */
export async function emailsWithSubject(subject: string, baseUrl = testMaildevUrl()): Promise<CaughtEmail[]> {
  const response = await fetch(`${baseUrl}/api/email?subject=${encodeURIComponent(subject)}`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as CaughtEmail[];
}

/** Every email MailDev caught for this recipient. */
export async function emailsTo(address: string, baseUrl = testMaildevUrl()): Promise<CaughtEmail[]> {
  const response = await fetch(`${baseUrl}/api/email?${new URLSearchParams({ 'to.address': address })}`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as CaughtEmail[];
}
