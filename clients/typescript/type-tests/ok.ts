/**
 * Compiles only when the generated types describe the answers (`npm run typecheck:ok`). Nothing is written by
 * hand: every type comes from src/schema.d.ts through the client.
 */
import { createHdClient, HdApiError, type Chart, type components, type HdErrorCode } from '../src/index.js';

export async function readChart(): Promise<void> {
  const hd = createHdClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'key-0123456789abcdef' });
  const chart = await hd.chart({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' });

  const firstCrossGate: number = chart.incarnationCross.gates[0];
  const type: string = chart.type;
  const profile: string = chart.profile;
  const gate1: number = chart.activeChannels[0].gate1;
  const crossName: string = chart.incarnationCross.name;
  const defined: string[] = chart.definedCenters;

  // The client's answer type is the document's Chart schema.
  const same: components['schemas']['Chart'] = chart;
  const back: Chart = same;

  const svg: string = await hd.bodygraph({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal' });
  const png: Uint8Array = await hd.bodygraph({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal', format: 'png' });

  try {
    await hd.chart({ birthdate: '1948-02-30', birthtime: '00:14', location: 'Montreal' });
  } catch (err) {
    if (err instanceof HdApiError) {
      const code: HdErrorCode = err.code;
      if (code === 'INVALID_DATE' || code === 'API_KEY_INVALID') console.log(err.status, err.message, err.details, err.retryAfter, err.correlationId);
    }
  }
  // HdErrorCode is the union of the documented codes, not any string.
  // @ts-expect-error: not an error code of the API
  const misspelledCode: HdErrorCode = 'API_KEY_INVALD';

  console.log(firstCrossGate, type, profile, gate1, crossName, defined, back, svg, png, misspelledCode);
}
