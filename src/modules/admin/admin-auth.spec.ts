import type { NextFunction, Request, Response } from 'express';
import { adminAuthMiddleware, presentedToken } from './admin-auth';

const TOKEN = 'admin-token-0123456789';
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

function run(token: string | undefined, authorization?: string) {
  const res = { headersSent: false, statusCode: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const response = {
    get headersSent() {
      return res.headersSent;
    },
    setHeader: (k: string, v: string) => (res.headers[k.toLowerCase()] = v),
    status(code: number) {
      res.statusCode = code;
      return this;
    },
    json(body: unknown) {
      res.body = body;
      res.headersSent = true;
      return this;
    },
  } as unknown as Response;
  const next = jest.fn() as NextFunction;
  adminAuthMiddleware(token)({ headers: { authorization } } as Request, response, next);
  return { next, res };
}

describe('admin token check', () => {
  it('reads a bearer token and the Basic password', () => {
    expect(presentedToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(presentedToken(basic('ops', TOKEN))).toBe(TOKEN);
    expect(presentedToken(basic('', 'a:b'))).toBe('a:b');
    expect(presentedToken('Digest abc')).toBeUndefined();
    expect(presentedToken(undefined)).toBeUndefined();
  });

  it('lets the right token through, by bearer or Basic', () => {
    expect(run(TOKEN, `Bearer ${TOKEN}`).next).toHaveBeenCalled();
    expect(run(TOKEN, basic('anyone', TOKEN)).next).toHaveBeenCalled();
  });

  it('answers 401 in the one error shape without a token, with a wrong one, and always when no ADMIN_TOKEN is set', () => {
    const cases: Array<[string | undefined, string | undefined, string]> = [
      [TOKEN, undefined, 'ADMIN_TOKEN_MISSING'],
      [TOKEN, `Bearer ${TOKEN}x`, 'ADMIN_TOKEN_INVALID'],
      [TOKEN, basic(TOKEN, 'wrong'), 'ADMIN_TOKEN_INVALID'],
      [undefined, `Bearer ${TOKEN}`, 'ADMIN_DISABLED'],
      [undefined, undefined, 'ADMIN_DISABLED'],
    ];
    for (const [token, header, code] of cases) {
      const { next, res } = run(token, header);
      expect(next).not.toHaveBeenCalled();
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
    }
  });
});
