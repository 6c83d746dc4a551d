/**
 * A real SMTP server on loopback (the `smtp-server` package) for the key recovery tests: it accepts every message
 * without authentication and keeps what arrived, with the text body decoded from its transfer encoding.
 * STARTTLS stays offered (as a real relay's would be); the service is told not to use it (SMTP_URL `?ignoreTLS=true`).
 */
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  /** The body, decoded (7bit, quoted-printable or base64). */
  text: string;
  raw: string;
}

export interface LocalSmtp {
  port: number;
  /** The service's SMTP_URL for this server. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message to `address` that arrives after `since` messages (default: any so far). */
  next(address: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = decode(raw.slice(split + 4), headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
  return { from, to, headers, text, raw };
}

export async function startSmtp(): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = session.envelope;
        const from = envelope.mailFrom ? envelope.mailFrom.address : '';
        received.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            from,
            envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    async next(address, since = 0, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.slice(since).find((m) => m.to.includes(address));
        if (mail) return mail;
        if (Date.now() > end) throw new Error(`no message to ${address} within ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
