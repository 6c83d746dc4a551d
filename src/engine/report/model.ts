/**
 * A reading as plain content: the chart answer with its meaning texts (engine/meaning's annotateMeaning over the
 * advanced chart) laid out as titled sections of items. The HTML and the PDF both render this one model, so the two
 * formats say the same things in the same order. Pure: no I/O.
 */
import { MEANING_ATTRIBUTION, MEANING_LICENCE, type MeaningLanguage } from '../meaning';
import { CENTERS, PLANETS, type Planet } from '../types';
import { PLANET_GLYPHS } from '../bodygraph';
import { REPORT_STRINGS, type ReportStrings } from './strings';

/** One entry of a section: a title, an optional line under it, label/value facts, then paragraphs. */
export interface ReportItem {
  title: string;
  subtitle?: string;
  facts?: [string, string][];
  paragraphs: string[];
}

export interface ReportSection {
  /** Stable id (the HTML section is `reading-<id>`; tests): type, authority, profile, definition, centers, channels, gates, cross, variables. */
  id: string;
  heading: string;
  items: ReportItem[];
  /** Sub-sections (the gates by side). */
  groups?: { heading: string; items: ReportItem[] }[];
}

export interface ReportModel {
  language: MeaningLanguage;
  strings: ReportStrings;
  title: string;
  /** One line under the title: the birth data. */
  subtitle: string;
  sections: ReportSection[];
  /** The footer: the birth data echo, and the texts' licence and attribution. */
  footer: { birth: [string, string][]; licence: string };
}

/* The parts of an annotated advanced chart the report reads (see engine/meaning/annotate.ts for their shapes). */
interface Named {
  name: string;
  description: string;
}
interface ActivationEntry {
  gate: number;
  line: number;
  meaning?: { gate: { name: string; keynote: string }; line: { keynote: string; text: string } };
}
interface VariableEntry {
  color: number;
  tone: number;
  base: number;
  arrow: 'left' | 'right';
  meaning?: Named & { arrow?: string; color?: Named & { variant?: string }; tone?: Named; base?: Named };
}
export interface AnnotatedChart {
  type: string;
  profile: string;
  splitKind: string | null;
  incarnationCross: {
    name: string;
    gates: number[];
    meaning?: Named & { geometry: Named; quarter?: Named & { theme: string } };
  };
  definedCenters: string[];
  activeChannels: { gate1: number; gate2: number; circuit: string; meaning?: Named & { keynote: string } }[];
  personality: Record<Planet, ActivationEntry>;
  design: Record<Planet, ActivationEntry>;
  variables: Record<'determination' | 'environment' | 'motivation' | 'perspective', VariableEntry>;
  birth: {
    date: string;
    time: string;
    location: { name: string; region?: string; country: string; latitude: number; longitude: number; timezone: string };
    utcOffset: string;
    utc: string;
  };
  meaning: {
    type: { name: string; strategy: string; signature: string; notSelfTheme: string; aura: string; description: string };
    authority: Named;
    profile: Named & { personalityLine: Named; designLine: Named };
    definition: Named;
    splitKind?: Named;
    centers: Record<string, { name: string; theme: string; description: string; state: 'defined' | 'open'; text: string }>;
  };
}

/** Circuit names in the report's language (the library's circuits). */
export type CircuitNames = Record<string, string>;

const VARIABLE_ORDER = ['determination', 'environment', 'motivation', 'perspective'] as const;

export function placeLabel(location: AnnotatedChart['birth']['location']): string {
  return [location.name, location.region, location.country].filter(Boolean).join(', ');
}

/** The reading's content from an annotated advanced chart, in `language`. */
export function reportModel(chart: AnnotatedChart, language: MeaningLanguage, circuits: CircuitNames = {}): ReportModel {
  const s = REPORT_STRINGS[language];
  const m = chart.meaning;
  const sections: ReportSection[] = [];

  sections.push({
    id: 'type',
    heading: s.type,
    items: [
      {
        title: m.type.name,
        facts: [
          [s.strategy, m.type.strategy],
          [s.signature, m.type.signature],
          [s.notSelfTheme, m.type.notSelfTheme],
          [s.aura, m.type.aura],
        ],
        paragraphs: [m.type.description],
      },
    ],
  });
  sections.push({ id: 'authority', heading: s.authority, items: [{ title: m.authority.name, paragraphs: [m.authority.description] }] });
  const [pLine, dLine] = chart.profile.split('/');
  sections.push({
    id: 'profile',
    heading: s.profile,
    items: [
      { title: `${chart.profile} \u00B7 ${m.profile.name}`, paragraphs: [m.profile.description] },
      { title: `${s.personalityLine} ${pLine}${s.colon}${m.profile.personalityLine.name}`, paragraphs: [m.profile.personalityLine.description] },
      { title: `${s.designLine} ${dLine}${s.colon}${m.profile.designLine.name}`, paragraphs: [m.profile.designLine.description] },
    ],
  });
  const definition: ReportItem[] = [{ title: m.definition.name, paragraphs: [m.definition.description] }];
  if (m.splitKind) definition.push({ title: m.splitKind.name, paragraphs: [m.splitKind.description] });
  sections.push({ id: 'definition', heading: s.definition, items: definition });

  sections.push({
    id: 'centers',
    heading: s.centers,
    items: CENTERS.map((c) => {
      const t = m.centers[c];
      return { title: t.name, subtitle: `${t.state === 'defined' ? s.defined : s.open} \u00B7 ${t.theme}`, paragraphs: [t.text] };
    }),
  });

  sections.push({
    id: 'channels',
    heading: s.channels,
    items: chart.activeChannels.length
      ? chart.activeChannels.map((c) => ({
          title: `${c.gate1}\u2013${c.gate2} \u00B7 ${c.meaning?.name ?? ''}`,
          subtitle: c.meaning?.keynote,
          facts: [[s.circuit, circuits[c.circuit] ?? c.circuit]] as [string, string][],
          paragraphs: c.meaning ? [c.meaning.description] : [],
        }))
      : [{ title: s.none, paragraphs: [] }],
  });

  const side = (activations: Record<Planet, ActivationEntry>): ReportItem[] =>
    PLANETS.map((planet) => {
      const a = activations[planet];
      const t = a.meaning;
      return {
        title: `${PLANET_GLYPHS[planet]} ${s.planets[planet]} \u00B7 ${a.gate}.${a.line}${t ? ` \u00B7 ${t.gate.name}` : ''}`,
        subtitle: t?.gate.keynote,
        paragraphs: t ? [`${s.line} ${a.line}${s.colon}${t.line.keynote}. ${t.line.text}`] : [],
      };
    });
  sections.push({
    id: 'gates',
    heading: s.gates,
    items: [],
    groups: [
      { heading: s.personality, items: side(chart.personality) },
      { heading: s.design, items: side(chart.design) },
    ],
  });

  const cross = chart.incarnationCross.meaning;
  const crossItems: ReportItem[] = [
    {
      title: cross?.name ?? chart.incarnationCross.name,
      subtitle: `${s.gates}${s.colon}${chart.incarnationCross.gates.join(', ')}`,
      paragraphs: cross ? [cross.description] : [],
    },
  ];
  if (cross) {
    crossItems.push({ title: `${s.geometry}${s.colon}${cross.geometry.name}`, paragraphs: [cross.geometry.description] });
    if (cross.quarter)
      crossItems.push({ title: `${s.quarter}${s.colon}${cross.quarter.name}`, subtitle: cross.quarter.theme, paragraphs: [cross.quarter.description] });
  }
  sections.push({ id: 'cross', heading: s.incarnationCross, items: crossItems });

  sections.push({
    id: 'variables',
    heading: s.variables,
    items: VARIABLE_ORDER.map((name) => {
      const v = chart.variables[name];
      const t = v.meaning;
      const paragraphs: string[] = [];
      if (t?.arrow) paragraphs.push(t.arrow);
      if (t?.color) paragraphs.push(`${s.color} ${v.color}${s.colon}${t.color.name}${t.color.variant ? ` (${t.color.variant})` : ''}. ${t.color.description}`);
      if (t?.tone) paragraphs.push(`${s.tone} ${v.tone}${s.colon}${t.tone.name}. ${t.tone.description}`);
      if (t?.base) paragraphs.push(`${s.base} ${v.base}${s.colon}${t.base.name}. ${t.base.description}`);
      return { title: `${t?.name ?? name} \u00B7 ${v.arrow === 'left' ? s.arrowLeft : s.arrowRight}`, subtitle: t?.description, paragraphs };
    }),
  });

  const b = chart.birth;
  const place = placeLabel(b.location);
  return {
    language,
    strings: s,
    title: s.title,
    subtitle: `${b.date} ${b.time} \u00B7 ${place}`,
    sections,
    footer: {
      birth: [
        [s.born, `${b.date} ${b.time} (UTC${b.utcOffset}) \u00B7 ${b.utc}`],
        [s.place, `${place} (${b.location.latitude}, ${b.location.longitude})`],
        [s.timeZone, b.location.timezone],
      ],
      licence: `${s.texts}${s.colon}${MEANING_ATTRIBUTION} \u2014 ${MEANING_LICENCE}`,
    },
  };
}
