/** The README's example, kept compiling by `npm run typecheck:ok`. */
import { createHdClient, HdApiError } from '../src/index.js';

export async function readmeExample(): Promise<void> {
  const hd = createHdClient({ baseUrl: 'https://hd.example.com', apiKey: process.env.HD_API_KEY! });
  try {
    const chart = await hd.chart({ birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Canada' });
    console.log(chart.type, chart.profile, chart.incarnationCross.gates); // Manifestor 5/1 [ 51, 57, 61, 62 ]
  } catch (err) {
    if (err instanceof HdApiError && err.code === 'LOCATION_NOT_FOUND') console.log('Which place?', err.details);
    else throw err;
  }
}
