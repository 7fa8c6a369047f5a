import { type AddressInfo, createServer, type Server } from 'node:net';
import { emailsWithSubject, TEST_SMTP, uniqueName } from '@travel/testkit';
import { createMailer } from '../src/adapters/mailer';

const from = 'Partner Travel <no-reply@partner-travel.local>';
const email = (subject: string) => ({
  id: uniqueName('eml'),
  to: 'asha@example.com',
  subject,
  text: 'Hello',
  html: null,
  headers: {},
  purpose: { kind: 'lead_reply' as const, leadId: 'lead_1' },
});

/**
 * An SMTP server that offers AUTH but no STARTTLS (an old relay, or a man in the middle that strips it),
 * keeping every line it is sent, so the test can tell whether a password reached it.
 */
async function serverWithoutStartTls(): Promise<{ server: Server; port: number; heard: string[] }> {
  const heard: string[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.write('220 relay.example ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
        heard.push(line);
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250-relay.example\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (/^STARTTLS/i.test(line)) socket.write('502 5.5.1 Unrecognized command\r\n');
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, heard };
}

describe('SMTP credentials and TLS', () => {
  it('when credentials are set and the server offers no STARTTLS, then the send fails and no AUTH is sent', async () => {
    const relay = await serverWithoutStartTls();
    const mailer = createMailer({
      host: '127.0.0.1',
      port: relay.port,
      secure: false,
      user: 'mailer',
      password: 'not-in-the-clear-1',
      from,
    });
    try {
      await expect(mailer.send(email(uniqueName('tls-required')))).rejects.toThrow(/STARTTLS/i);
    } finally {
      await mailer.stop();
      relay.server.close();
    }
    expect(relay.heard.some((line) => /^EHLO/i.test(line))).toBe(true);
    expect(
      relay.heard.filter((line) => /^AUTH|bm90LWluLXRoZS1jbGVhci0x|not-in-the-clear/i.test(line)),
    ).toEqual([]);
  });

  it('when no credentials are set, then plain SMTP is allowed: MailDev takes the email (the control case)', async () => {
    const mailer = createMailer({ ...TEST_SMTP, secure: false, from });
    const subject = uniqueName('plain-relay');
    try {
      await mailer.send(email(subject));
    } finally {
      await mailer.stop();
    }
    expect(await emailsWithSubject(subject)).toHaveLength(1);
  });
});
