import type { BulkMeta } from '../../jobs/bulk-store';
import { writeEvents } from './bulk-events';

const meta = (over: Partial<BulkMeta>): BulkMeta => ({
  id: 'job1',
  keyHash: 'k',
  operation: 'chart',
  state: 'running',
  total: 10,
  done: 0,
  failed: 0,
  chunks: 2,
  chunksDone: 0,
  createdAt: 0,
  startedAt: 1,
  bytes: 0,
  ...over,
});

/** A response that records what is written. */
function recorder() {
  const out = { head: 0, text: '', ended: false, close: undefined as (() => void) | undefined };
  const res = {
    writeHead: (status: number) => ((out.head = status), res),
    write: (chunk: string) => ((out.text += chunk), true),
    end: () => ((out.ended = true), res),
    on: (event: string, listener: () => void) => {
      if (event === 'close') out.close = listener;
      return res;
    },
  };
  return { out, res: res as unknown as Parameters<typeof writeEvents>[2] };
}

describe('job events (Server-Sent Events)', () => {
  it('a progress event at once and on each change, a heartbeat while nothing changes, then the final event and the end', async () => {
    const states = [
      meta({}),
      meta({}),
      meta({}),
      meta({}),
      meta({ done: 5, chunksDone: 1 }),
      meta({ state: 'completed', done: 10, chunksDone: 2, finishedAt: 9 }),
    ];
    let i = 0;
    const store = { get: () => Promise.resolve(states[Math.min(++i, states.length - 1)]) };
    const { out, res } = recorder();
    await writeEvents(store, states[0], res, { pollMs: 5, heartbeatMs: 10 });
    expect(out.head).toBe(200);
    expect(out.ended).toBe(true);
    const events = out.text.split('\n\n').filter(Boolean);
    expect(events[0]).toMatch(/^event: progress\nid: 0\ndata: \{"id":"job1",.*"done":0,/);
    expect(events).toContain(': heartbeat');
    expect(events.filter((e) => e.startsWith('event: progress'))).toHaveLength(2);
    expect(events.at(-1)).toMatch(/^event: completed\nid: 10\ndata: \{.*"state":"completed","total":10,"done":10,/);
  });

  it('ends when the job has expired meanwhile, and stops writing when the client goes', async () => {
    const { out, res } = recorder();
    await writeEvents({ get: () => Promise.resolve(undefined) }, meta({}), res, { pollMs: 1 });
    expect([out.ended, out.text.match(/^event:/gm)?.length]).toEqual([true, 1]);

    const gone = recorder();
    const polling = writeEvents({ get: () => Promise.resolve(meta({})) }, meta({}), gone.res, { pollMs: 1 });
    gone.out.close?.();
    await polling;
    expect(gone.out.ended).toBe(true);
  });
});
