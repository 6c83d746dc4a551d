import { parseEmail } from './email-address';

describe('parseEmail', () => {
  it.each(['ada@example.com', '  Ada.Lovelace+keys@Example.co.uk ', "o'brien@example.ie", 'zoë@exämple.de', 'a@b.io', '1@2.3'])('accepts %j', (input) => {
    expect(parseEmail(input)).toEqual({ ok: true, email: input.trim() });
  });

  it.each([
    ['', 'Enter the email address'],
    ['   ', 'Enter the email address'],
    ['ada', 'not an email address'],
    ['ada@', 'not an email address'],
    ['@example.com', 'not an email address'],
    ['ada@example', 'not an email address'],
    ['ada@@example.com', 'not an email address'],
    ['ada lovelace@example.com', 'not an email address'],
    ['ada@example.com\r\nBcc: eve@example.com', 'not an email address'],
    ['"ada"@example.com', 'not an email address'],
    ['Ada <ada@example.com>', 'not an email address'],
    ['ada@-example.com', 'not an email address'],
    ['ada@example..com', 'not an email address'],
    [`${'a'.repeat(65)}@example.com`, 'not an email address'],
    [`ada@${'b'.repeat(250)}.com`, 'not an email address'],
  ])('refuses %j', (input, problem) => {
    const parsed = parseEmail(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });

  it('refuses what is not a string, and gives back at most 254 characters to show', () => {
    for (const input of [undefined, null, 42, ['a@b.io'], { email: 'a@b.io' }]) expect(parseEmail(input)).toMatchObject({ ok: false, value: '' });
    const long = parseEmail(`${'x'.repeat(300)}@example.com`);
    expect(long.ok === false && long.value.length).toBe(254);
  });
});
