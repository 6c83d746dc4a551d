import { GROUP_JOB, GroupPayload, GroupResult, INPUT_ERROR_MARKER } from '../../../jobs/job-types';
import { ResultCache } from '../result-cache';
import type { Lanes } from './4-lanes';
import { Coalescer, GROUP_MAX_ITEMS } from './5-coalesce';
import { JobFailed, type JobWait, type PendingJobs } from './6-pending-jobs';

/** Stage 6 as far as stage 5 uses it: records each job added and lets the test answer it. */
function recordingPending() {
  const jobs: { jobId: string; name: string; data: GroupPayload; priority: number; answer(r: GroupResult): void; cancelled: boolean }[] = [];
  const pending = {
    wait(_lane: string, jobId: string, name: string, data: GroupPayload, opts: { priority: number }): JobWait {
      let answer!: (r: GroupResult) => void;
      const promise = new Promise<unknown>((resolve) => (answer = resolve));
      const job = { jobId, name, data, priority: opts.priority, answer, cancelled: false };
      jobs.push(job);
      return { promise, startedAt: () => 0, cancel: () => (job.cancelled = true) };
    },
  } as unknown as PendingJobs;
  return { pending, jobs };
}

const lanes = { groupOptions: (_id: string, priority: number) => ({ priority }), pickShard: () => 0 } as unknown as Lanes;
const nextTurn = () => new Promise((r) => setImmediate(r));
const chart = (i: number) => ({ birthdate: '1990-01-01', birthtime: `00:${String(i).padStart(2, '0')}`, nodeType: 'true' });

describe('Coalescer (stage 5: light requests of one turn travel as one job)', () => {
  it('sends the requests of one turn as one group, and answers each its own item', async () => {
    const { pending, jobs } = recordingPending();
    const c = new Coalescer(pending, lanes, new ResultCache(1e6, 60_000));
    const waits = [0, 1, 2].map((i) => c.wait(`chart-${i}`, 'chart', chart(i), 0.12, 1, `key${i}`));
    expect(jobs).toHaveLength(0); // not before the turn ends
    await nextTurn();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].name).toBe(GROUP_JOB);
    expect(jobs[0].data.items.map((i) => i.data)).toEqual([chart(0), chart(1), chart(2)]);
    jobs[0].answer([
      [0, 'a'],
      [1, `${INPUT_ERROR_MARKER}{"code":"X","message":"m"}`],
      [0, 'c'],
    ]);
    await expect(waits[0].promise).resolves.toBe('a');
    const failure = await waits[1].promise.catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(JobFailed);
    expect((failure as JobFailed).isInputError).toBe(true);
    await expect(waits[2].promise).resolves.toBe('c');
  });

  it('keeps a busy key’s requests in groups of their own, at its priority, apart from the front of the queue', async () => {
    const { pending, jobs } = recordingPending();
    const c = new Coalescer(pending, lanes, new ResultCache(1e6, 60_000));
    c.wait('chart-a1', 'chart', chart(1), 0.12, 40, 'busy');
    c.wait('chart-b', 'chart', chart(2), 0.12, 1, 'idle-b');
    c.wait('chart-a2', 'chart', chart(3), 0.12, 41, 'busy');
    c.wait('chart-c', 'chart', chart(4), 0.12, 1, 'idle-c');
    await nextTurn();
    const byPriority = jobs.map((j) => [j.priority, j.data.items.length]).sort((x, y) => x[0] - y[0]);
    expect(byPriority).toEqual([
      [1, 2],
      [40, 2],
    ]);
  });

  it('shares one item among identical requests, and answers a repeat from the cache without a job', async () => {
    const { pending, jobs } = recordingPending();
    const c = new Coalescer(pending, lanes, new ResultCache(1e6, 60_000));
    const a = c.wait('chart-same', 'chart', chart(1), 0.12, 1, 'k1');
    const b = c.wait('chart-same', 'chart', chart(1), 0.12, 1, 'k2');
    await nextTurn();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data.items).toHaveLength(1);
    jobs[0].answer([[0, 'answer']]);
    await expect(Promise.all([a.promise, b.promise])).resolves.toEqual(['answer', 'answer']);
    const repeat = c.wait('chart-same', 'chart', chart(1), 0.12, 1, 'k3');
    await expect(repeat.promise).resolves.toBe('answer');
    await nextTurn();
    expect(jobs).toHaveLength(1);
  });

  it('caps a group at GROUP_MAX_ITEMS, sending a full one at once', async () => {
    const { pending, jobs } = recordingPending();
    const c = new Coalescer(pending, lanes, new ResultCache(1e6, 60_000));
    for (let i = 0; i < GROUP_MAX_ITEMS + 1; i++) c.wait(`chart-${i}`, 'chart', chart(i % 60), 0.01, 1, 'k');
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data.items).toHaveLength(GROUP_MAX_ITEMS);
    await nextTurn();
    expect(jobs.map((j) => j.data.items.length)).toEqual([GROUP_MAX_ITEMS, 1]);
  });

  it('gives the group up once every requester has, and keeps it while one still waits', async () => {
    const { pending, jobs } = recordingPending();
    const c = new Coalescer(pending, lanes, new ResultCache(1e6, 60_000));
    const a = c.wait('chart-1', 'chart', chart(1), 0.12, 1, 'k');
    const b = c.wait('chart-2', 'chart', chart(2), 0.12, 1, 'k');
    await nextTurn();
    a.cancel();
    expect(jobs[0].cancelled).toBe(false);
    b.cancel();
    expect(jobs[0].cancelled).toBe(true);
  });
});
