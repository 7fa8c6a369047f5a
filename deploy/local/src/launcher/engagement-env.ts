import { MAILDEV_COPIES } from '../infra/maildev';
import { gatewayUrl, isTestProfile, type StackProfile } from './profile';

/** The MailDev copy a profile's email goes to: the dev platform's own, the tests' own. */
export function maildevOf(profile: StackProfile) {
  return isTestProfile(profile) ? MAILDEV_COPIES.test : MAILDEV_COPIES.dev;
}

/**
 * The engagement service's SMTP server (MailDev locally), where its unsubscribe links point, and local
 * WhatsApp secrets (a real deployment sets its own; these only let a developer sign a test delivery).
 */
export function engagementEnv(profile: StackProfile): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(maildevOf(profile).smtpPort),
    PUBLIC_BASE_URL: gatewayUrl(profile),
    WHATSAPP_VERIFY_TOKEN: `${profile.name}-whatsapp-verify-token`,
    WHATSAPP_APP_SECRET: `${profile.name}-whatsapp-app-secret`,
    // The test suites watch retries and whole sends, so theirs poll often and retry after a second.
    ...(isTestProfile(profile) ? { EMAIL_POLL_MS: '200', EMAIL_RETRY_BASE_MS: '1000' } : {}),
  };
}
