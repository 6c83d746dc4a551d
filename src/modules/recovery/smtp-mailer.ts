import { createTransport } from 'nodemailer';
import type { RecoveryMail } from './recovery-mail';

/**
 * Sends recovery messages through the SMTP server of SMTP_URL (nodemailer's connection URL: smtp:// upgrades with
 * STARTTLS when the server offers it, smtps:// is TLS from the start, query options such as `?ignoreTLS=true` or
 * `?requireTLS=true` are nodemailer's). The timeouts bound a stuck server; options in the URL win over them.
 */
export function smtpMailer(smtpUrl: string): { send(mail: RecoveryMail): Promise<void>; close(): void } {
  const transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(mail) {
      // The recipient as an address object, never a string nodemailer would parse (a comma there would be two recipients).
      await transport.sendMail({ from: mail.from, to: { name: '', address: mail.to }, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
