/**
 * `npm run docs:images`: the example pictures in docs/ (400 px PNGs, made the way the API makes them), for the
 * README. Ra Uru Hu's chart, with a second person and a transit.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { computeChart, computeComposite, computeTransit } from '../src/engine';
import { renderBodygraph, renderCompositeBodygraph, renderTransitBodygraph } from '../src/engine/bodygraph';
import { svgToPng } from '../src/engine/bodygraph/png';

const DOCS = join(__dirname, '..', 'docs');
const size = 400;
const ra = computeChart(Date.parse('1948-04-09T05:14:00Z'));
const other = computeChart(Date.parse('1992-10-03T04:03:00Z'));
const transit = computeTransit(ra, Date.parse('2026-11-23T12:00:00Z'));
mkdirSync(DOCS, { recursive: true });
const pictures: Record<string, string> = {
  'bodygraph-variables.png': renderBodygraph(ra, { size, text: 'outline', variables: true }),
  'bodygraph-dark.png': renderBodygraph(ra, { size, text: 'outline', theme: 'dark' }),
  'composite.png': renderCompositeBodygraph([ra, other], computeComposite(ra, other), { size, text: 'outline', names: ['Ra Uru Hu', 'Attleboro 1992'] }),
  'transit.png': renderTransitBodygraph(ra, transit, { size: 500, text: 'outline' }),
};
for (const [file, svg] of Object.entries(pictures)) {
  const width = Number(/width="(\d+)"/.exec(svg)![1]);
  writeFileSync(join(DOCS, file), svgToPng(svg, width));
  console.log(`wrote docs/${file}`);
}
