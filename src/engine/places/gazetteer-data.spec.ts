import { outsideTheHeap } from './gazetteer-data';

describe('outsideTheHeap (a string table text held outside V8 heap)', () => {
  it('gives the same text, its characters counted as external memory, for two-byte and one-byte texts', () => {
    for (const [what, unit, bytesPerChar] of [
      ['two-byte', 'Zürich東京Αθήνα|', 2],
      ['one-byte', 'Zürich Köln São Paulo|', 1],
    ] as const) {
      const text = unit.repeat(Math.ceil(2_000_000 / unit.length));
      // Node makes the external string a copy of the Buffer it decodes: the text's own size, or more (the Buffer
      // itself, until collected). A collection between the two readings frees other external memory of this
      // process (a CI run read -56 MB once), so the growth is read up to three times, each with a new string.
      let moved = text;
      let grew = -Infinity;
      for (let attempt = 0; attempt < 3 && grew < text.length * bytesPerChar; attempt++) {
        const before = process.memoryUsage().external;
        moved = outsideTheHeap(text);
        grew = process.memoryUsage().external - before;
      }
      expect([what, moved === text, moved.length]).toEqual([what, true, text.length]);
      expect(grew).toBeGreaterThanOrEqual(text.length * bytesPerChar);
      expect(moved.charCodeAt(text.length - 2)).toBe(text.charCodeAt(text.length - 2));
      expect(moved.slice(7, 9)).toBe(text.slice(7, 9));
    }
  });

  it('leaves a short text as it is (Node keeps short decoded strings on the heap anyway)', () => {
    const before = process.memoryUsage().external;
    expect(outsideTheHeap('Montréal')).toBe('Montréal');
    expect(process.memoryUsage().external - before).toBeLessThan(1024);
  });
});
