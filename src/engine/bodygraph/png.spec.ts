import { computeChart } from '../natal/chart';
import { renderBodygraph } from './render';
import { svgToPng, svgToPngAsync, type Yielding } from './png';

/** Yields as the worker's slicer does, counting the turns it gives. */
function counting(): Yielding & { turns: number } {
  const y = {
    turns: 0,
    breathe: async () => {
      y.turns++;
      await new Promise<void>((r) => setImmediate(r));
    },
    offThread: <T>(work: Promise<T>) => work,
  };
  return y;
}

describe('PNG without holding the event loop', () => {
  const chart = computeChart(Date.UTC(1990, 4, 15, 13, 30), { nodeType: 'true' });

  it.each(['theme', 'transparent'] as const)('gives the same bytes as the synchronous path (%s background)', async (background) => {
    const svg = renderBodygraph(chart, { size: 800, theme: 'dark', background, text: 'outline' });
    const yielding = counting();
    const sync = svgToPng(svg, 800, background === 'transparent');
    const async = await svgToPngAsync(svg, 800, background === 'transparent', yielding);
    expect(async.equals(sync)).toBe(true);
    expect(yielding.turns).toBeGreaterThan(0); // the row passes went in bands
  });
});
