import { newsletterEmail, textOf, unsubscribeUrl } from './mail-content';
import type { Newsletter, Subscriber } from './records';

const at = new Date('2026-11-23T10:00:00Z');
const newsletter: Newsletter = {
  id: 'nws_1',
  subject: 'Monsoon offers',
  html: '<h1>Monsoon</h1><p>Kerala &amp; Goa</p><script>x()</script>',
  text: null,
  status: 'sending',
  createdAt: at,
  updatedAt: at,
  sendRequestedAt: at,
  sentAt: null,
  fanoutAfter: null,
};
const subscriber: Subscriber = {
  id: 'sub_1',
  email: 'asha@example.com',
  status: 'subscribed',
  source: 'public',
  unsubscribeToken: 'tok-123',
  createdAt: at,
  updatedAt: at,
};

describe('newsletter email', () => {
  it('when built for a subscriber, then body, text and headers carry that address’s unsubscribe link', () => {
    const email = newsletterEmail(newsletter, subscriber, 'https://api.example.com/');
    const link = 'https://api.example.com/api/newsletter/unsubscribe?token=tok-123';
    expect(unsubscribeUrl('https://api.example.com/', 'tok-123')).toBe(link);
    expect(email.to).toBe('asha@example.com');
    expect(email.html).toContain(`href="${link}"`);
    expect(email.text).toBe(`Monsoon\nKerala & Goa\n\n--\nUnsubscribe: ${link}\n`);
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('when built twice for one newsletter and address, then the email id is the same (one email per address)', () => {
    const again = newsletterEmail(newsletter, { ...subscriber, id: 'sub_other' }, 'https://x.example');
    expect(again.id).toBe(newsletterEmail(newsletter, subscriber, 'https://api.example.com').id);
    expect(newsletterEmail({ ...newsletter, id: 'nws_2' }, subscriber, 'https://x.example').id).not.toBe(
      again.id,
    );
  });

  it('when HTML has scripts and entities, then the text version has neither tags nor the script', () => {
    expect(textOf('<p>a<br>b</p><style>p{}</style><script>evil()</script>&lt;ok&gt;')).toBe('a\nb\n<ok>');
  });
});
