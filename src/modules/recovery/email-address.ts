/**
 * The recovery form's one field. Deliberately plain: letters and digits of any script and the usual symbols before
 * the @, dot-separated labels after it. No spaces, quotes, angle brackets or line breaks, so a value that passes
 * can never reach a mail header as anything but one address.
 */
const LOCAL = /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]{1,64}$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

export const MAX_EMAIL_LENGTH = 254;

export type ParsedEmail = { ok: true; email: string } | { ok: false; value: string; problem: string };

export function parseEmail(input: unknown): ParsedEmail {
  const value = typeof input === 'string' ? input.trim() : '';
  const shown = value.slice(0, MAX_EMAIL_LENGTH);
  if (!value) return { ok: false, value: '', problem: 'Enter the email address you bought the key with.' };
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const valid = value.length <= MAX_EMAIL_LENGTH && at > 0 && LOCAL.test(local) && labels.length >= 2 && labels.every((l) => LABEL.test(l));
  return valid ? { ok: true, email: value } : { ok: false, value: shown, problem: 'This is not an email address. Enter it as name@example.com.' };
}
