import type { Component } from '@travel/lifecycle';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { OutboundEmail } from '../domain/records';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

export interface Mailer extends Component {
  /** Resolves once the SMTP server accepted the message for every recipient; rejects with its reason. */
  send(email: OutboundEmail): Promise<void>;
}

/**
 * The pooled SMTP transport's options. With credentials, TLS is required (`requireTLS`: STARTTLS, unless
 * `secure` is TLS from the start), so a server or a man in the middle that offers no STARTTLS gets no
 * password in the clear: the send fails instead.
 */
export function smtpTransportOptions(settings: SmtpSettings): SMTPPool.Options {
  const credentials = settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined;
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: credentials,
    requireTLS: credentials !== undefined,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** Nodemailer over a pooled SMTP connection to the configured server. */
export function createMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport(smtpTransportOptions(settings));
  return {
    name: 'smtp',
    async start() {},
    async stop() {
      transport.close();
    },
    async send(email) {
      const info = await transport.sendMail({
        from: settings.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html === null ? {} : { html: email.html }),
        headers: email.headers,
        messageId: `<${email.id}@partner-travel.local>`,
      });
      if (info.rejected.length > 0) throw new Error(`the server rejected ${info.rejected.join(', ')}`);
    },
  };
}
