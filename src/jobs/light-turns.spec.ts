import { LightTurns } from './light-turns';

const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('LightTurns: a worker’s light work in priority order', () => {
  it('gives the turn at once when nothing else runs or waits', () => {
    const turns = new LightTurns();
    expect(turns.take(7)).toBeUndefined();
    turns.done();
    expect(turns.take(7)).toBeUndefined();
    turns.done();
  });

  it('serves waiting work by priority (lower first), then in the order it came, one at a time', async () => {
    const turns = new LightTurns(1_000); // a long slice: no event-loop turn between the turns here
    const order: string[] = [];
    expect(turns.take(9)).toBeUndefined(); // a busy key's group holds the turn
    const waits = (
      [
        ['A later tag', 40],
        ['B idle key', 1],
        ['A earlier tag', 20],
        ['C idle key', 1],
      ] as const
    ).map(([name, priority]) =>
      turns.take(priority)!.then(() => {
        order.push(name);
        turns.done();
      }),
    );
    expect(turns.length).toBe(4);
    turns.done();
    await Promise.all(waits);
    expect(order).toEqual(['B idle key', 'C idle key', 'A earlier tag', 'A later tag']);
    expect(turns.length).toBe(0);
    expect(turns.take(5)).toBeUndefined();
  });

  it('once a slice is used up, hands over after an event-loop turn, so more urgent work taken meanwhile goes first', async () => {
    const turns = new LightTurns(0); // every slice is used up at once
    const order: string[] = [];
    expect(turns.take(30)).toBeUndefined();
    const late = turns.take(30)!.then(() => {
      order.push('busy key');
      turns.done();
    });
    turns.done(); // the hand-over waits for setImmediate
    // Work that arrives in this turn's I/O (a job just taken from Redis) with priority 1:
    const urgent = turns.take(1)!.then(() => {
      order.push('idle key');
      turns.done();
    });
    await macrotask();
    await Promise.all([late, urgent]);
    expect(order).toEqual(['idle key', 'busy key']);
  });
  it('lets a run that asks again go on before less urgent work, after more urgent work, and after equal work that waited', async () => {
    const turns = new LightTurns(1_000);
    const order: string[] = [];
    expect(turns.take(10)).toBeUndefined(); // run A, the earlier bulk chunk, holds the turn
    const later = turns.take(11)!.then(() => {
      order.push('B later chunk');
      turns.done();
    });
    // Nothing more urgent waits: A goes on (not item by item with B, as done() then take() did).
    await turns.again(10);
    order.push('A second item');
    const urgent = turns.take(1)!.then(() => {
      order.push('idle key');
      turns.done();
    });
    const peer = turns.take(10)!.then(() => {
      order.push('equal priority');
      turns.done();
    });
    await turns.again(10);
    order.push('A third item');
    turns.done();
    await Promise.all([later, urgent, peer]);
    expect(order).toEqual(['A second item', 'idle key', 'equal priority', 'A third item', 'B later chunk']);
  });

  it('keeps the turn at once when nothing waits and the slice is not used up; yields an event-loop turn when it is', async () => {
    const fresh = new LightTurns(1_000);
    expect(fresh.take(5)).toBeUndefined();
    expect(fresh.again(5)).toBeUndefined();
    fresh.done();
    const turns = new LightTurns(0);
    expect(turns.take(5)).toBeUndefined();
    const order: string[] = [];
    const next = turns.again(5)!.then(() => order.push('run'));
    const urgent = turns.take(1)!.then(() => {
      order.push('taken meanwhile');
      turns.done();
    });
    await Promise.all([next, urgent]);
    expect(order).toEqual(['taken meanwhile', 'run']);
    turns.done();
  });
});
