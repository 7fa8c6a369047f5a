import { disableNoticeOf } from './disable-notice';
import { autoDisabledReason, type Endpoint, failedLongEnough } from './endpoint';

const at = new Date('2026-11-26T10:00:00Z');
const endpoint = (overrides: Partial<Endpoint> = {}): Endpoint => ({
  id: 'whk_7',
  clientId: 3,
  tenantId: 'ten_a',
  environment: 'live',
  url: 'https://hooks.example.com/p',
  events: [],
  status: 'disabled',
  sealedSecret: 'sealed:v1:k1:x',
  retiringSecrets: [],
  disabledReason: 'Every delivery failed for 5 days (since 2026-11-21T10:00:00.000Z).',
  statusChangedAt: at,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  ...overrides,
});

describe('auto-disable rules', () => {
  it('when failing for exactly the period or longer, then long enough; not failing or shorter, not', () => {
    const fiveDays = 5 * 86_400_000;
    const since = new Date(at.getTime() - fiveDays);
    expect(failedLongEnough(since, fiveDays, at)).toBe(true);
    expect(failedLongEnough(new Date(since.getTime() + 1), fiveDays, at)).toBe(false);
    expect(failedLongEnough(null, fiveDays, at)).toBe(false);
    expect(autoDisabledReason(fiveDays, since)).toBe(
      'Every delivery failed for 5 days (since 2026-11-21T10:00:00.000Z).',
    );
    expect(autoDisabledReason(20_000, since)).toMatch(/^Every delivery failed for 20 seconds/);
  });

  it('when an endpoint is disabled, then its notice id names the endpoint and the moment; without a tenant there is none', () => {
    const notice = disableNoticeOf(endpoint());
    expect(notice).toMatchObject({
      noticeId: `webhook-disabled:whk_7:${at.getTime()}`,
      tenantId: 'ten_a',
      subject: 'Webhook endpoint whk_7 was disabled',
    });
    expect(notice?.text).toContain('https://hooks.example.com/p');
    expect(notice?.text).toContain('Every delivery failed for 5 days');
    expect(disableNoticeOf(endpoint({ tenantId: null }))).toBeNull();
  });
});
