/** Shared by the /buy sample tests: a published reference birth, requests from a chosen loopback address, the form's token. */
import { Agent, request } from 'node:http';
import { loadReferenceCharts } from './reference-chart';

/** A reference chart's birth as the sample form takes it, and its published (independent) type, profile and authority. */
export function referenceSample(id: string): {
  form: { birthdate: string; birthtime: string; location: string };
  published: { type: string; profile: string; authority: string };
} {
  const entry = loadReferenceCharts().find((c) => c.id === id);
  if (!entry) throw new Error(`no reference chart ${id}`);
  const birth = entry.birth as { local_date: string; local_time: string; place: string };
  const published = entry.published as { type: string; profile: string; authority: string };
  return {
    form: { birthdate: birth.local_date, birthtime: birth.local_time, location: birth.place },
    published: { type: published.type, profile: published.profile, authority: published.authority },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
}

/** A request from the agent's local address (all of 127/8 is local on Linux, so 127.0.0.2 is another client). */
export function send(agent: Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, html: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The sample form's token in a buy page. */
export function tokenIn(html: string): string {
  const token = /<input type="hidden" name="token" value="([^"]+)">/.exec(html)?.[1];
  if (!token) throw new Error('no sample form token on the page');
  return token;
}

/** GET /buy, then POST the sample form from the same address, as a browser would. */
export async function postSample(agent: Agent, baseUrl: string, fields: Record<string, string>, token?: string): Promise<Answer> {
  const formToken = token ?? tokenIn((await send(agent, `${baseUrl}/buy`)).html);
  return send(agent, `${baseUrl}/buy/sample`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: formToken, ...fields }).toString(),
  });
}

/** The text of a field of the sample result (`<dd data-field="type">`). */
export function fieldIn(html: string, field: string): string | undefined {
  return new RegExp(`<dd data-field="${field}">([^<]*)</dd>`).exec(html)?.[1];
}

/** Waits until early in a clock minute, so that a run of requests counted per minute does not straddle two. */
export async function startOfAMinute(atMostSecond = 40): Promise<void> {
  const second = new Date().getSeconds();
  if (second > atMostSecond) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}
