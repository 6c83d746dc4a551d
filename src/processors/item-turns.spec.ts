import { ItemTurns } from './run-job';

/** A run of `items` items at `priority`, each a short spin, recording its name in `order` per item. */
async function run(name: string, priority: number, items: number, order: string[]): Promise<void> {
  const turns = new ItemTurns(priority);
  try {
    for (let i = 0; i < items; i++) {
      await turns.turn();
      const t = performance.now();
      while (performance.now() - t < 0.05);
      order.push(name);
    }
  } finally {
    turns.end();
  }
}

describe('ItemTurns: runs of items among the light turns', () => {
  it('finishes the more urgent of two runs first instead of alternating item by item', async () => {
    const order: string[] = [];
    await Promise.all([run('B', 11, 5, order), run('A', 10, 5, order)]);
    // B took the free turn first; from its second item on, A (more urgent) goes, all of it, then B's rest.
    expect(order.join('')).toBe('BAAAAABBBB');
  });

  it('lets a more urgent run in between items, and runs of equal priority take turns', async () => {
    const order: string[] = [];
    await Promise.all([run('A', 10, 4, order), run('D', 10, 3, order), run('c', 1, 2, order)]);
    expect(order.join('')).toBe('AccDADADA');
  });
});
