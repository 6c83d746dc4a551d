/**
 * The slicer: when a heavy job gives the event loop a turn, how the heavy jobs of a process share a slice, and the
 * compute time it measures. Real time, with slices far longer or shorter than the work between the calls: where a
 * breathe must not turn, the slice has at least 70 ms to spare, since `npm test` runs this file beside end-to-end
 * suites on two cores (with 15 ms to spare, a stall of the process failed it in a clean-clone run).
 */
import { JobAbandoned, Slicer } from './slicer';

/** Holds the thread for `ms`, as a piece of a heavy job does. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Whether the event loop turned during `work`: a callback queued before it ran by the time it settled. */
async function turned(work: () => Promise<unknown>): Promise<boolean> {
  let ran = false;
  setImmediate(() => (ran = true));
  await work();
  return ran;
}

describe('Slicer', () => {
  it("stops its job at the next breathe once the job's signal aborts (nobody waits for it)", async () => {
    const abandoned = new AbortController();
    const slicer = new Slicer(30, abandoned.signal);
    await slicer.breathe();
    abandoned.abort();
    await expect(slicer.breathe()).rejects.toBeInstanceOf(JobAbandoned);
    slicer.close();
  });

  it('returns at once while its slice has time left, gives a turn once it has run, then starts a new slice', async () => {
    const slicer = new Slicer(150);
    spin(10);
    expect(await turned(() => slicer.breathe())).toBe(false);
    spin(160);
    expect(await turned(() => slicer.breathe())).toBe(true);
    expect(await turned(() => slicer.breathe())).toBe(false);
    slicer.close();
  });

  it('shares the slice between the jobs that slice at once, until one is closed (closing twice changes nothing)', async () => {
    const [a, b] = [new Slicer(200), new Slicer(200)];
    await a.breathe();
    await b.breathe(); // two jobs slicing: 100 ms each
    spin(125);
    expect(await turned(() => a.breathe())).toBe(true);
    b.close();
    b.close();
    spin(125); // within the whole slice, past the shared one
    expect(await turned(() => a.breathe())).toBe(false);
    spin(100); // 225 ms into the whole slice
    expect(await turned(() => a.breathe())).toBe(true);
    a.close();
  });

  it('a job that never breathed takes no share', async () => {
    const [a, idle] = [new Slicer(200), new Slicer(200)];
    await a.breathe();
    spin(125); // past half the slice (the share, had the idle job taken one), within the whole
    expect(await turned(() => a.breathe())).toBe(false);
    idle.close();
    a.close();
  });

  it('counts its slices and its off-thread work as compute time, not the turns it gives away', async () => {
    const slicer = new Slicer(5);
    spin(10);
    setImmediate(() => spin(100)); // another job's work, done during the turn
    await slicer.breathe();
    await slicer.offThread(new Promise((resolve) => setTimeout(resolve, 20)));
    expect(slicer.computeMs).toBeGreaterThanOrEqual(28);
    expect(slicer.computeMs).toBeLessThan(100);
    slicer.close();
  });
});
