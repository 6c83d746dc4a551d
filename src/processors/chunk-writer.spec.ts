import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { ChunkWriterThread, type ChunkWriter, InlineChunkWriter } from './chunk-writer';
import type { ItemOutcome } from '../jobs/bulk-item-bytes';

const answer = { type: 'Generator', profile: '1/3', definedCenters: ['Sacral', 'Root'], activeChannels: [{ gate1: 3, gate2: 60, name: 'Mutation' }] };
const outcomes: [string, ItemOutcome][] = [
  ['a', { json: JSON.stringify(answer), result: answer }],
  ['b', { error: { status: 422, code: 'LOCATION_NOT_FOUND', message: 'No place, "Atlantis".' } }],
  ['c', { json: JSON.stringify({ ...answer, type: 'Projector' }) }],
];

/** Puts the items in reverse (as a chunk computes in time order, not input order) and reads back what it stored. */
async function written(writer: ChunkWriter): Promise<{ lines: unknown[]; rows: string[][] }> {
  for (let at = outcomes.length - 1; at >= 0; at--) writer.put(at, outcomes[at][0], outcomes[at][1]);
  const { data, csv } = await writer.finish();
  const lines = gunzipSync(data)
    .toString()
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  const rows: string[][] = parse(gunzipSync(csv).toString());
  return { lines, rows };
}

describe('chunk writers', () => {
  let thread: ChunkWriterThread;
  beforeAll(() => (thread = new ChunkWriterThread(10)));
  afterAll(() => thread.close());

  it.each([
    ['inline', () => new InlineChunkWriter('chart', outcomes.length)],
    ['thread', () => thread.writer('chart', outcomes.length)],
  ])(
    '%s: stores the answer lines and CSV rows in input order',
    async (_name, open) => {
      const { lines, rows } = await written(open());
      expect(lines).toEqual([
        { id: 'a', status: 200, result: answer },
        { id: 'b', status: 422, error: { code: 'LOCATION_NOT_FOUND', message: 'No place, "Atlantis".' } },
        { id: 'c', status: 200, result: { ...answer, type: 'Projector' } },
      ]);
      expect(rows.map((r) => r.slice(0, 5))).toEqual([
        ['a', '200', '', '', 'Generator'],
        ['b', '422', 'LOCATION_NOT_FOUND', 'No place, "Atlantis".', ''],
        ['c', '200', '', '', 'Projector'],
      ]);
    },
    30_000,
  );

  it('the thread writes the same bytes as the calling thread, and chunks open at once do not mix', async () => {
    const inline = new InlineChunkWriter('chart', outcomes.length);
    const first = thread.writer('chart', outcomes.length);
    const second = thread.writer('chart', outcomes.length);
    second.put(0, 'other', { error: { status: 500, code: 'INTERNAL', message: 'x' } });
    for (const w of [inline, first]) outcomes.forEach(([id, outcome], at) => w.put(at, id, outcome));
    const [a, b] = await Promise.all([inline.finish(), first.finish()]);
    expect(gunzipSync(b.data).equals(gunzipSync(a.data))).toBe(true);
    expect(gunzipSync(b.csv).equals(gunzipSync(a.csv))).toBe(true);
    second.drop();
  }, 30_000);

  it('a thread that dies fails the chunks it held, and the next chunk gets a new one', async () => {
    const held = thread.writer('chart', 1);
    held.put(0, 'a', outcomes[0][1]);
    await thread.close();
    await expect(held.finish()).rejects.toThrow(/stopped/);
    const { lines } = await written(thread.writer('chart', outcomes.length));
    expect(lines).toHaveLength(3);
  }, 30_000);
});
