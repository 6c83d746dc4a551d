import { ClientGone } from './client-gone';
import { beforeDeadline, DeadlineExceeded } from './deadline';

const never = new Promise<never>(() => undefined);

describe('beforeDeadline', () => {
  it('settles as the promise does when it comes first', async () => {
    await expect(beforeDeadline(Promise.resolve(7), Date.now() + 1_000)).resolves.toBe(7);
  });

  it('rejects with DeadlineExceeded at the deadline', async () => {
    await expect(beforeDeadline(never, Date.now() + 20)).rejects.toBeInstanceOf(DeadlineExceeded);
  });

  it("rejects with the signal's reason when the caller hangs up first, and at once when it already has", async () => {
    const hangUp = new AbortController();
    const waiting = beforeDeadline(never, Date.now() + 10_000, hangUp.signal);
    hangUp.abort(new ClientGone());
    await expect(waiting).rejects.toBeInstanceOf(ClientGone);
    await expect(beforeDeadline(never, Date.now() + 10_000, hangUp.signal)).rejects.toBeInstanceOf(ClientGone);
  });
});
