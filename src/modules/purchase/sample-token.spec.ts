import { FORM_TOKEN_TTL_S, FormTokens } from './sample-token';

const SECRET = 'a-seal-secret-for-tests-of-32-chars-or-more';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('the sample form token', () => {
  const tokens = new FormTokens(SECRET);
  const token = tokens.issue('203.0.113.7', NOW);

  it('is valid for the address it was issued to, from any replica with the same secret, for 10 minutes', () => {
    expect(token).toMatch(/^v1\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.check(token, '203.0.113.7', NOW)).toBe('valid');
    expect(new FormTokens(SECRET).check(token, '203.0.113.7', NOW + 60_000)).toBe('valid');
    expect(tokens.check(token, '203.0.113.7', NOW + FORM_TOKEN_TTL_S * 1000)).toBe('valid');
    expect(FORM_TOKEN_TTL_S).toBe(600);
  });

  it('expires after 10 minutes, and is not accepted from too far in the future', () => {
    expect(tokens.check(token, '203.0.113.7', NOW + FORM_TOKEN_TTL_S * 1000 + 1000)).toBe('expired');
    expect(tokens.check(tokens.issue('203.0.113.7', NOW + 5 * 60_000), '203.0.113.7', NOW)).toBe('expired');
    expect(tokens.check(tokens.issue('203.0.113.7', NOW + 30_000), '203.0.113.7', NOW)).toBe('valid'); // a replica's clock a little ahead
  });

  it('is refused for another address', () => {
    expect(tokens.check(token, '203.0.113.8', NOW)).toBe('invalid');
    expect(tokens.check(token, '::1', NOW)).toBe('invalid');
  });

  it('is refused when forged: another secret, a changed time or MAC, or not a token at all', () => {
    expect(new FormTokens(`${SECRET}x`).check(token, '203.0.113.7', NOW)).toBe('invalid');
    const [v, issued, mac] = token.split('.');
    // A later issue time with the same MAC would extend the token's life: it no longer matches.
    expect(tokens.check(`${v}.${Number(issued) + 300}.${mac}`, '203.0.113.7', NOW)).toBe('invalid');
    const flipped = mac.slice(0, 10) + (mac[10] === 'A' ? 'B' : 'A') + mac.slice(11);
    expect(tokens.check(`${v}.${issued}.${flipped}`, '203.0.113.7', NOW)).toBe('invalid');
    for (const bad of [
      undefined,
      '',
      'v1',
      ['v1', issued, mac],
      `v2.${issued}.${mac}`,
      `${token}x`,
      `v1.-5.${mac}`,
      `v1.${issued}.${mac}.x`,
      'x'.repeat(5000),
      42,
      {},
    ]) {
      expect(tokens.check(bad, '203.0.113.7', NOW)).toBe('invalid');
    }
  });
});
