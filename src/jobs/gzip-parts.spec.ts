import { gunzipSync } from 'node:zlib';
import { gzipParts } from './gzip-parts';

describe('gzipParts', () => {
  it('gives back, gunzipped, exactly the bytes given, in their order: many parts, multi-byte characters, a large part', async () => {
    const texts: string[] = [];
    for (let i = 0; i < 3_000; i++) texts.push(`{"id":${i},"place":"Zürich, 東京, Montréal 🜁"}\n`);
    texts.splice(1_500, 0, 'x'.repeat(200_000) + '\n', 'é'.repeat(30_000) + '\n');
    const zipped = await gzipParts(texts.map((t) => Buffer.from(t)));
    expect(gunzipSync(zipped).toString('utf8')).toBe(texts.join(''));
  });

  it('gzips no parts to an empty text', async () => {
    expect(gunzipSync(await gzipParts([])).toString()).toBe('');
  });
});
