import { recoveryMail } from './recovery-mail';

const BASE = { from: 'Human Design API <keys@example.com>', to: 'ada@example.com', publicUrl: 'https://hd.example.com/', linkMinutes: 30 };
const LINK = 'https://hd.example.com/keys/recover/' + 'A1b2-C3d4_'.repeat(4) + 'xyz';
const USD = { amount: 5000, currency: 'usd' };

describe('recoveryMail', () => {
  it('one purchase: the link, its lifetime, once, what happens to the old key, and what to do if it was not you', () => {
    const mail = recoveryMail({ ...BASE, purchases: [{ kind: 'link', purchasedAt: '2026-11-23T14:30:05.000Z', price: USD, url: LINK }] });
    expect(mail).toMatchObject({ from: BASE.from, to: 'ada@example.com', subject: 'Your link to a new Human Design API key' });
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Someone asked for a new Human Design API key for the purchases made with this email address at https://hd.example.com.',
        '',
        'If it was you, open the link below within 30 minutes and press "Show my new key".',
        'Each link works once. The new key is shown once, on that page; the key it replaces stops working at that moment.',
        '',
        'Purchase of 2026-11-23 14:30 UTC ($50.00):',
        LINK,
        '',
        'If you did not ask for this, ignore this message: nothing changes until a link is used, and your key keeps working.',
        '',
        '-- https://hd.example.com',
        '',
      ].join('\n'),
    );
    expect(mail.text).not.toContain('hdk_'); // a link, never a key
  });

  it('several purchases: one link each, revoked ones named with why and no link', () => {
    const mail = recoveryMail({
      ...BASE,
      linkMinutes: 15,
      purchases: [
        { kind: 'link', purchasedAt: '2026-01-02T03:04:00.000Z', price: USD, url: `${LINK}1` },
        { kind: 'revoked', purchasedAt: '2026-02-03T04:05:00.000Z', price: { amount: 4900, currency: 'eur' }, reason: 'refunded' },
        { kind: 'link', purchasedAt: '2026-03-04T05:06:00.000Z', price: { amount: 5000, currency: 'jpy' }, url: `${LINK}2` },
      ],
    });
    expect(mail.text).toContain('open the link of the purchase below within 15 minutes');
    expect(mail.text).toContain(`Purchase of 2026-01-02 03:04 UTC ($50.00):\n${LINK}1\n`);
    expect(mail.text).toContain('Purchase of 2026-02-03 04:05 UTC (€49.00):\nits key was revoked (refunded), so no new key can be made for it.\n');
    expect(mail.text).toContain(`Purchase of 2026-03-04 05:06 UTC (¥5,000):\n${LINK}2\n`);
  });

  it('only revoked purchases: no link and no promise of one', () => {
    const mail = recoveryMail({ ...BASE, purchases: [{ kind: 'revoked', purchasedAt: 'not a date', price: USD, reason: 'disputed' }] });
    expect(mail.subject).toBe('About your Human Design API key');
    expect(mail.text).toContain('Purchase of an unknown date ($50.00):\nits key was revoked (disputed)');
    expect(mail.text).not.toMatch(/open the link|https:\/\/hd\.example\.com\/keys/);
    expect(mail.text).toContain('ignore this message: nothing has changed.');
  });
});
