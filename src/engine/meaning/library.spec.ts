/**
 * The meaning library's texts (data/meaning), checked from outside the code that uses them: every item exists in
 * every language, each text is in its language (tinyld), within its length, not a placeholder, not English in a
 * non-English file, and unlike its siblings; the English names equal RULES.md's tables (gates 1.4, channels 4) and
 * each center's kinds RULES 3.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { detect } from 'tinyld';
import { CENTER_KINDS, CHANNEL_IDS, loadMeaningLibraries, referenceItem, MEANING_DIR, MEANING_LANGUAGES, type MeaningLanguage, type MeaningLibrary } from '.';

const RULES_FILE = ['../../../../shared/hd/RULES.md', '/work/shared/hd/RULES.md'].map((p) => path.resolve(__dirname, p)).find((p) => fs.existsSync(p));
const DETECTED: Record<MeaningLanguage, string> = { en: 'en', de: 'de', es: 'es', 'pt-BR': 'pt', fr: 'fr' };

const libraries = loadMeaningLibraries();

/** Every string of a library with its path, e.g. ["gates.1.lines.2.text", "…"]. */
function strings(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
}

function texts(lib: MeaningLibrary): Array<[string, string]> {
  const { language: _language, ...rest } = lib;
  return strings(rest);
}

/** A name-like field: short labels, which may equal English (Generator, Ajna, Sacral, "Design"). */
const isName = (where: string) =>
  /\.(name|iching|strategy|signature|notSelfTheme|aura|theme|keynote)$/.test(where) || /^variables\.colors\..*\.(left|right)$/.test(where);
const sentences = (s: string) => (s.match(/[^.!?…]+[.!?…]+/g) ?? []).length;

describe('the meaning library', () => {
  it('reads every language from data/meaning, each file valid JSON', () => {
    expect(Object.keys(libraries)).toEqual([...MEANING_LANGUAGES]);
    for (const lang of MEANING_LANGUAGES) expect(fs.readdirSync(path.join(MEANING_DIR, lang)).sort()).toHaveLength(11);
  });

  it('has the same items in every language (the keys of English)', () => {
    const keys = (lib: MeaningLibrary) => texts(lib).map(([where]) => where.replace(/\.(left|right|variant)$/, '.$1'));
    const english = keys(libraries.en).sort();
    for (const lang of MEANING_LANGUAGES) expect(keys(libraries[lang]).sort()).toEqual(english);
    // 64 gates × (4 + 6 lines × 2), 36 channels, 192 crosses
    expect(english.filter((k) => k.startsWith('gates.'))).toHaveLength(64 * (4 + 12));
    expect(Object.keys(libraries.en.channels)).toEqual([...CHANNEL_IDS]);
    expect(Object.keys(libraries.en.crosses)).toHaveLength(192);
  });

  it.each(MEANING_LANGUAGES)('%s: no empty or placeholder text; descriptions and line texts within their lengths', (lang) => {
    const problems: string[] = [];
    for (const [where, s] of texts(libraries[lang])) {
      if (s.trim() !== s || s === '') problems.push(`${where}: empty or padded`);
      if (/\bTODO\b|\bTBD\b|\bFIXME\b|lorem ipsum|\?\?\?|\bxxx\b/.test(s)) problems.push(`${where}: placeholder`);
      if (/\.description$/.test(where) && /^(gates|channels|centers|types|authorities)\./.test(where)) {
        if (s.length < 150 || s.length > 650 || sentences(s) < 2 || sentences(s) > 4) problems.push(`${where}: ${s.length} chars, ${sentences(s)} sentences`);
      }
      if (/\.lines\.\d\.text$/.test(where) && (s.length < 50 || s.length > 360)) problems.push(`${where}: ${s.length} chars`);
      if (isName(where) && s.length > 120) problems.push(`${where}: a name of ${s.length} chars`);
    }
    expect(problems).toEqual([]);
  });

  it.each(MEANING_LANGUAGES)('%s: every text of 80 characters or more is in that language (tinyld)', (lang) => {
    const wrong = texts(libraries[lang])
      .filter(([, s]) => s.length >= 80)
      .map(([where, s]) => [where, detect(s)])
      .filter(([, found]) => found !== DETECTED[lang]);
    expect(wrong).toEqual([]);
  });

  it.each(MEANING_LANGUAGES.filter((l) => l !== 'en'))('%s: no text outside names is the English one', (lang) => {
    const english = new Map(texts(libraries.en));
    const same = texts(libraries[lang]).filter(([where, s]) => !isName(where) && english.get(where) === s);
    expect(same).toEqual([]);
  });

  it.each(MEANING_LANGUAGES)('%s: no two gates, lines, channels, crosses or centers share a description, nor come near (word 3-grams)', (lang) => {
    const lib = libraries[lang];
    const groups: Record<string, Array<[string, string]>> = {
      gates: Object.entries(lib.gates).map(([n, g]) => [n, g.description]),
      lines: Object.entries(lib.gates).flatMap(([n, g]) => Object.entries(g.lines).map(([l, t]): [string, string] => [`${n}.${l}`, t.text])),
      channels: Object.entries(lib.channels).map(([id, c]) => [id, c.description]),
      crosses: Object.entries(lib.crosses).map(([id, c]) => [id, c.description]),
      centers: Object.entries(lib.centers).map(([id, c]) => [id, c.description]),
    };
    const grams = (s: string) => {
      const w = s
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s]/gu, ' ')
        .split(/\s+/)
        .filter(Boolean);
      return new Set(w.slice(2).map((_, i) => w.slice(i, i + 3).join(' ')));
    };
    const problems: string[] = [];
    for (const [group, items] of Object.entries(groups)) {
      const sets = items.map(([id, s]) => [id, s, grams(s)] as const);
      for (let i = 0; i < sets.length; i++)
        for (let j = i + 1; j < sets.length; j++) {
          const [a, sa, ga] = sets[i];
          const [b, sb, gb] = sets[j];
          if (sa === sb) problems.push(`${group} ${a} = ${b}`);
          let shared = 0;
          for (const g of ga) if (gb.has(g)) shared++;
          const overlap = shared / (ga.size + gb.size - shared);
          if (overlap > 0.35) problems.push(`${group} ${a} ~ ${b} (${overlap.toFixed(2)})`);
        }
    }
    expect(problems).toEqual([]);
  });

  (RULES_FILE ? describe : describe.skip)('facts against RULES.md', () => {
    const rules = RULES_FILE ? fs.readFileSync(RULES_FILE, 'utf8') : '';

    it('the English I Ching and HD gate names are those of RULES 1.4', () => {
      const rows = [...rules.matchAll(/^\| \d+ \| \*\*(\d+)\*\* \|[^|]*\|[^|]*\|[^|]*\| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)];
      expect(rows).toHaveLength(64);
      for (const [, gate, , , iching, hdName] of rows) {
        expect([gate, libraries.en.gates[gate].iching]).toEqual([gate, iching.trim()]);
        expect([gate, libraries.en.gates[gate].name]).toEqual([gate, hdName.trim()]);
      }
    });

    it('the English channel names are those of RULES 4, and the reference gives each its RULES circuit group and circuit', () => {
      const rows = [...rules.matchAll(/^\| \d+ \| (\d+-\d+) \| [^|]+ \| ([^|]+) \| [^|]+ \| ([^|]+) \| ([^|]+) \|/gm)];
      expect(rows).toHaveLength(36);
      for (const [, id, name, group, circuit] of rows) {
        expect([id, libraries.en.channels[id].name]).toEqual([id, name.trim()]);
        const item = referenceItem(libraries.de, 'channels', id) as { circuitGroup: string; circuit: string };
        // RULES writes "Logic (Understanding)", "Abstract (Sensing)": the first word is the circuit's name.
        expect([id, item.circuitGroup, item.circuit]).toEqual([id, group.trim(), circuit.trim().split(' ')[0]]);
      }
    });

    it("each center's kinds in the reference are those of RULES 3", () => {
      const section = rules.slice(rules.indexOf('## 3. The nine centers'), rules.indexOf('## 4. The 36 channels'));
      const rows = [...section.matchAll(/^\| (Head|Ajna|Throat|G|Heart|Sacral|Solar Plexus|Spleen|Root) \| [^|]+ \| ([^|]+) \|/gm)];
      expect(rows).toHaveLength(9);
      for (const [, center, kind] of rows) {
        const kinds = kind
          .replace(/\*\*/g, '')
          .replace(/\(.*\)/, '')
          .replace('manifestation', 'expression')
          .split('+')
          .map((k) => k.trim());
        expect([center, CENTER_KINDS[center as keyof typeof CENTER_KINDS]]).toEqual([center, kinds]);
      }
    });
  });
});
