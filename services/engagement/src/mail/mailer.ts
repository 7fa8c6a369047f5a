import type { Component } from '@travel/lifecycle';
import nodemailer from 'nodemailer';
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

/** Nodemailer over a pooled SMTP connection to the configured server. */
export function createMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
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
