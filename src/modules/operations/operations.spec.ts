import { KEYED_OPERATION_COUNT, keyedOperations, OPERATION_GROUPS, OPERATIONS, type Operation } from './operations';

describe('the operation groups (the buy page lists a key’s operations by them)', () => {
  const all = Object.entries(OPERATIONS as Record<string, Operation>);

  it('put every route that needs a key in a buy-page group, and only those', () => {
    // The routes a caller uses without a key: the advice, and buying a key itself.
    const noKey = /^\/api\/advice|^\/v1\/purchase\//;
    for (const [id, op] of all) {
      expect([id, op.group in OPERATION_GROUPS]).toEqual([id, !noKey.test(op.path)]);
      expect([id, op.group === 'purchase']).toEqual([id, op.path.startsWith('/v1/purchase/')]);
    }
  });

  it('every group has an operation, and keyedOperations gives them in registry order', () => {
    const keyed = keyedOperations();
    for (const group of Object.keys(OPERATION_GROUPS)) expect([group, keyed.some((op) => op.group === group)]).toEqual([group, true]);
    expect(keyed.map((op) => op.id)).toEqual(all.filter(([, op]) => op.group in OPERATION_GROUPS).map(([id]) => id));
    expect(keyed.filter((op) => op.path.startsWith('/v1/') && (op.tool || op.queued))).toHaveLength(KEYED_OPERATION_COUNT);
  });
});
