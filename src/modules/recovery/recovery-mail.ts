import { formatPrice, type Price } from '../purchase/pages';

/** One purchase of the address, as a recovery message lists it. */
export type MailedPurchase =
  { kind: 'link'; purchasedAt: string; price: Price; url: string } | { kind: 'revoked'; purchasedAt: string; price: Price; reason: string };

export interface RecoveryMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** 2026-11-23T14:30:05.000Z → "2026-11-23 14:30 UTC": unambiguous whatever the reader's locale. */
function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'an unknown date' : `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/**
 * The message a recovery request sends to a buyer's address: plain text only (no HTML to render, nothing to load,
 * so nothing for a mail client to get wrong), one link per purchase still active (each works once), the
 * revoked ones named with why, and what to do if the request was not theirs.
 */
export function recoveryMail(o: { from: string; to: string; publicUrl: string; linkMinutes: number; purchases: MailedPurchase[] }): RecoveryMail {
  const site = o.publicUrl.replace(/\/+$/, '');
  const links = o.purchases.filter((p) => p.kind === 'link');
  const lines = ['Hello,', '', `Someone asked for a new Human Design API key for the purchases made with this email address at ${site}.`, ''];
  if (links.length > 0) {
    lines.push(
      `If it was you, open ${links.length === 1 ? 'the link' : 'the link of the purchase'} below within ${o.linkMinutes} minutes and press "Show my new key".`,
      `Each link works once. The new key is shown once, on that page; the key it replaces stops working at that moment.`,
      '',
    );
  }
  for (const p of o.purchases) {
    lines.push(`Purchase of ${when(p.purchasedAt)} (${formatPrice(p.price)}):`);
    lines.push(p.kind === 'link' ? p.url : `its key was revoked (${p.reason}), so no new key can be made for it.`);
    lines.push('');
  }
  lines.push(
    links.length > 0
      ? 'If you did not ask for this, ignore this message: nothing changes until a link is used, and your key keeps working.'
      : 'If you did not ask for this, ignore this message: nothing has changed.',
    '',
    `-- ${site}`,
  );
  return {
    from: o.from,
    to: o.to,
    subject: links.length > 0 ? 'Your link to a new Human Design API key' : 'About your Human Design API key',
    text: `${lines.join('\n')}\n`,
  };
}
