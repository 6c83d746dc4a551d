import { errorCode } from './key-recovery';

describe('errorCode', () => {
  it('keeps what identifies the failure and drops the message, which may quote the address', () => {
    const smtp = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <ada@example.com>"), { code: 'EENVELOPE', responseCode: 550 });
    expect(errorCode(smtp)).toBe('EENVELOPE 550');
    expect(errorCode(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }))).toBe('ESOCKET');
    expect(errorCode(new TypeError('ada@example.com is odd'))).toBe('TypeError');
    expect(errorCode(undefined)).toBe('Error');
    expect(errorCode('ada@example.com')).toBe('Error');
  });
});
