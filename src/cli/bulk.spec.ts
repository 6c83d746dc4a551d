import { parseArgs, progressLine, serverEvents } from './bulk';

const view = { id: 'j', state: 'running', total: 10_000, done: 2_500, failed: 12, etaSeconds: 3 };

describe('the bulk CLI', () => {
  it('draws a progress bar with the share, the counts, the errors and the time left', () => {
    expect(progressLine(view, 10)).toBe('[###-------]  25%  2,500/10,000  12 errors  ETA 3 s  running');
    expect(progressLine({ ...view, state: 'completed', done: 10_000, failed: 0, etaSeconds: 0 }, 10)).toBe('[##########] 100%  10,000/10,000  completed');
  });

  it('reads Server-Sent Events split anywhere across the network pieces, skipping heartbeats', async () => {
    const text = `event: progress\nid: 0\ndata: ${JSON.stringify({ ...view, done: 0 })}\n\n: heartbeat\n\nevent: completed\nid: 10000\ndata: ${JSON.stringify({ ...view, done: 10_000, state: 'completed' })}\n\n`;
    const bytes = new TextEncoder().encode(text);
    // Pieces of 7 bytes, one per turn, as a socket delivers them.
    async function* pieces() {
      for (let i = 0; i < bytes.length; i += 7) {
        await Promise.resolve();
        yield bytes.subarray(i, i + 7);
      }
    }
    const events = [];
    for await (const e of serverEvents(pieces())) events.push([e.event, e.data.done]);
    expect(events).toEqual([
      ['progress', 0],
      ['completed', 10_000],
    ]);
  });

  it('takes a CSV or NDJSON file and options; the results go beside the input by default', () => {
    expect(parseArgs(['births.csv'])).toMatchObject({ file: 'births.csv', out: 'births.results.csv' });
    expect(parseArgs(['b.ndjson', '--out', 'r.ndjson', '--operation', 'advanced', '--meaning', 'de'])).toMatchObject({
      file: 'b.ndjson',
      out: 'r.ndjson',
      operation: 'advanced',
      meaning: 'de',
    });
    expect(parseArgs([])).toBe('an input file is required');
    expect(parseArgs(['b.xlsx'])).toBe('the input file must be .csv or .ndjson');
    expect(parseArgs(['b.csv', '--out', 'r.xlsx'])).toBe('--out must end in .csv, .ndjson or .json');
    expect(parseArgs(['b.csv', '--colour'])).toBe('unknown option --colour');
    expect(parseArgs(['b.csv', '--out'])).toBe('--out needs a value');
  });
});
