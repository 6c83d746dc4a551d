/**
 * `npm run bench`: every figure on one line, `name: value unit`. Sections run one after another so they do not
 * compete for the two cores. `npm run bench -- engine places` runs only the sections named.
 */
import { printReport } from './report';

const SECTIONS: Record<string, () => Promise<{ run: (report: typeof printReport) => Promise<void> }>> = {
  engine: () => import('./engine'),
  places: () => import('./places'),
  recall: () => import('./recall'),
  ingresses: () => import('./ingresses'),
  day: () => import('./day'),
  cost: () => import('./cost'),
  fair: () => import('./fair'),
  render: () => import('./render'),
  advice: () => import('./advice'),
  http: () => import('./http-chart'),
  'http-places': () => import('./http-places'),
  mcp: () => import('./mcp'),
  all: () => import('./http-all'),
  limit: () => import('./limit'),
  redis: () => import('./redis'),
  meaning: () => import('./meaning'),
  bulk: () => import('./bulk'),
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => a in SECTIONS);
  for (const name of wanted.length ? wanted : Object.keys(SECTIONS)) {
    const section = await SECTIONS[name]();
    await section.run(printReport);
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(`bench failed: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
