import type { Response } from 'express';
import { PAGE_CSP } from './pages';

/** Headers of every page (purchase and home): nothing cached or framed, the session id in the URL never sent on. */
export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': PAGE_CSP,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  });
  res.send(html);
}
