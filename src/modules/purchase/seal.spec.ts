import { createDecipheriv } from 'node:crypto';
import { seal, sealingKey, unseal } from './seal';

describe('key seal', () => {
  const key = sealingKey('a-seal-secret-of-at-least-32-characters!');
  const plaintext = 'hdk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

  it('opens what it sealed, and never carries the plaintext in clear', () => {
    const sealed = seal(plaintext, key, 'cs_test_a');
    expect(sealed).not.toContain(plaintext);
    expect(sealed).not.toContain(Buffer.from(plaintext).toString('base64url'));
    expect(unseal(sealed, key, 'cs_test_a')).toBe(plaintext);
  });

  it('is AES-256-GCM as Node defines it (a decipher built by hand opens it)', () => {
    const [, iv, tag, body] = seal(plaintext, key, 'cs_test_a').split('.');
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    d.setAAD(Buffer.from('cs_test_a'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    expect(Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString()).toBe(plaintext);
    expect(key).toHaveLength(32);
  });

  it('refuses another context, another secret, an altered or malformed blob', () => {
    const sealed = seal(plaintext, key, 'cs_test_a');
    expect(unseal(sealed, key, 'cs_test_b')).toBeUndefined();
    expect(unseal(sealed, sealingKey('another-seal-secret-of-32-characters!!'), 'cs_test_a')).toBeUndefined();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(unseal([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), key, 'cs_test_a')).toBeUndefined();
    for (const bad of ['', 'v1', 'v2.a.b.c', 'v1..', 'garbage']) expect(unseal(bad, key, 'cs_test_a')).toBeUndefined();
  });

  it('uses a fresh IV each time', () => {
    expect(seal(plaintext, key, 'x')).not.toBe(seal(plaintext, key, 'x'));
  });
});
