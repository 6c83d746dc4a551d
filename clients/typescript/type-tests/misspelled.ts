/**
 * Must NOT compile: `chart.incarnationCros` is not a field of the Chart answer. `npm run typecheck:misspelled`
 * (scripts/expect-type-error.mjs) checks that tsc refuses it with TS2339/TS2551 naming that property.
 */
import { createHdClient } from '../src/index.js';

export async function misspelled(): Promise<number> {
  const hd = createHdClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'key-0123456789abcdef' });
  const chart = await hd.chart({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' });
  return chart.incarnationCros.gates[0];
}
