import { gunzipSync } from 'node:zlib';
import { GzipText } from './gzip-text';

describe('GzipText', () => {
  it('gives back, gunzipped, exactly the text written: many pieces, multi-byte characters, a text larger than a piece', async () => {
    const zip = new GzipText();
    const texts: string[] = [];
    for (let i = 0; i < 3_000; i++) texts.push(`{"id":${i},"place":"Zürich, 東京, Montréal 🜁"}\n`);
    texts.splice(1_500, 0, 'x'.repeat(200_000) + '\n', 'é'.repeat(30_000) + '\n');
    for (const t of texts) zip.add(Buffer.from(t));
    expect(gunzipSync(await zip.end()).toString('utf8')).toBe(texts.join(''));
  });

  it('gzips nothing to an empty text, and can be discarded once ended', async () => {
    const zip = new GzipText();
    expect(gunzipSync(await zip.end()).toString()).toBe('');
    expect(() => zip.discard()).not.toThrow();
  });

  it('can be discarded half written', () => {
    const zip = new GzipText();
    zip.add(Buffer.from('abc'.repeat(50_000)));
    expect(() => zip.discard()).not.toThrow();
  });
});
