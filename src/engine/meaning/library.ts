/**
 * The meaning library: what each part of a chart means, in our own words (CC BY 4.0), in five languages. Plain
 * data in data/meaning/<language>/*.json, read once into memory like the advice. The shape is checked at load
 * against the engine's own tables (every gate, line, channel, center, type, authority, profile, cross, variable),
 * so a missing text stops the process at start, never a request.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CHANNELS } from '../tables/channels';
import { AUTHORITIES, CIRCUIT_GROUPS, CIRCUITS, CROSS_GEOMETRIES, CROSS_NAMES, DEFINITIONS, PROFILES } from '../tables/labels';
import { QUARTERS } from '../tables/quarters';
import { TYPE_DETAILS } from '../tables/type-details';
import { DETERMINATION_COLORS, ENVIRONMENT_COLORS } from '../tables/variable-names';
import { CENTERS, type Authority, type CenterName, type CrossGeometry, type Definition, type HdType, type Quarter } from '../types';

export const MEANING_LANGUAGES = ['en', 'de', 'es', 'pt-BR', 'fr'] as const;
export type MeaningLanguage = (typeof MEANING_LANGUAGES)[number];

/** Said in every answer that carries the library's texts. */
export const MEANING_LICENCE = 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)';
export const MEANING_ATTRIBUTION = 'Human Design meaning library by the hd-chart-api authors, CC BY 4.0';

export { AUTHORITIES, CIRCUIT_GROUPS, CIRCUITS, CROSS_GEOMETRIES, CROSS_NAMES, DEFINITIONS, PROFILES };
export const VARIABLES = ['determination', 'environment', 'motivation', 'perspective'] as const;
export type VariableName = (typeof VARIABLES)[number];
const SIX = ['1', '2', '3', '4', '5', '6'] as const;

export interface NamedText {
  name: string;
  description: string;
}
export interface LineMeaning {
  keynote: string;
  text: string;
}
export interface GateMeaning {
  iching: string;
  name: string;
  keynote: string;
  description: string;
  lines: Record<string, LineMeaning>;
}
export interface ChannelMeaning {
  name: string;
  keynote: string;
  description: string;
}
export interface CenterMeaning {
  name: string;
  theme: string;
  description: string;
  defined: string;
  open: string;
}
export interface TypeMeaning {
  name: string;
  strategy: string;
  signature: string;
  notSelfTheme: string;
  aura: string;
  description: string;
}
export interface QuarterMeaning extends NamedText {
  theme: string;
}
export interface ArrowMeaning extends NamedText {
  left: string;
  right: string;
}
export interface ColorMeaning extends NamedText {
  left?: string;
  right?: string;
}

/** One language's library. Keys are the stable English identifiers the chart answers use. */
export interface MeaningLibrary {
  language: MeaningLanguage;
  gates: Record<string, GateMeaning>;
  channels: Record<string, ChannelMeaning>;
  circuits: { groups: Record<string, NamedText>; circuits: Record<string, NamedText> };
  centers: Record<CenterName, CenterMeaning>;
  types: Record<HdType, TypeMeaning>;
  authorities: Record<Authority, NamedText>;
  profiles: { profiles: Record<string, NamedText>; lines: Record<string, NamedText> };
  definitions: { definitions: Record<Definition, NamedText>; splitKinds: Record<'simple' | 'wide', NamedText> };
  quarters: { quarters: Record<Quarter, QuarterMeaning>; geometries: Record<CrossGeometry, NamedText> };
  crosses: Record<string, NamedText>;
  variables: {
    arrows: Record<VariableName, ArrowMeaning>;
    colors: Record<VariableName, Record<string, ColorMeaning>>;
    tones: { cognition: Record<string, NamedText>; sense: Record<string, NamedText> };
    bases: Record<string, NamedText>;
  };
}

export type MeaningLibraries = Readonly<Record<MeaningLanguage, MeaningLibrary>>;

/** data/meaning from the project root: src/engine/meaning (ts-node) and dist/engine/meaning (build) alike. */
export const MEANING_DIR = path.resolve(__dirname, '..', '..', '..', 'data', 'meaning');

const FILES = ['gates', 'channels', 'circuits', 'centers', 'types', 'authorities', 'profiles', 'definitions', 'quarters', 'crosses', 'variables'] as const;

export const GATE_NUMBERS: readonly string[] = Array.from({ length: 64 }, (_, i) => String(i + 1));
export const CHANNEL_IDS: readonly string[] = CHANNELS.map((c) => `${c.gate1}-${c.gate2}`);

/** Reads every language; throws naming the file and the first missing or empty text. */
export function loadMeaningLibraries(dir = MEANING_DIR): MeaningLibraries {
  const out = {} as Record<MeaningLanguage, MeaningLibrary>;
  for (const language of MEANING_LANGUAGES) out[language] = loadMeaningLanguage(dir, language);
  return out;
}

let loaded: MeaningLibraries | undefined;

/** The libraries of data/meaning, read on first use (the worker reads them only if a request asks for meaning). */
export function meaningLibraries(): MeaningLibraries {
  return (loaded ??= loadMeaningLibraries());
}

/** One language of the library (see loadMeaningLibraries). */
export function loadMeaningLanguage(dir: string, language: MeaningLanguage): MeaningLibrary {
  const parts: Record<string, unknown> = { language };
  for (const file of FILES) {
    const where = path.join(dir, language, `${file}.json`);
    parts[file] = JSON.parse(readFileSync(where, 'utf8'));
  }
  const lib = parts as unknown as MeaningLibrary;
  checkShape(lib, `data/meaning/${language}`);
  return lib;
}

/** Every text the engine can ask for exists and is a non-empty string. */
function checkShape(lib: MeaningLibrary, label: string): void {
  const need = (value: unknown, at: string): void => {
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`${label}: missing text at ${at}`);
  };
  const fields = (obj: Record<string, unknown> | undefined, names: readonly string[], at: string): void => {
    if (!obj || typeof obj !== 'object') throw new Error(`${label}: missing ${at}`);
    for (const n of names) need(obj[n], `${at}.${n}`);
  };
  for (const g of GATE_NUMBERS) {
    const gate = lib.gates[g];
    fields(gate as unknown as Record<string, unknown>, ['iching', 'name', 'keynote', 'description'], `gates.${g}`);
    for (const l of SIX) fields(gate.lines?.[l] as unknown as Record<string, unknown>, ['keynote', 'text'], `gates.${g}.lines.${l}`);
  }
  for (const id of CHANNEL_IDS) fields(lib.channels[id] as unknown as Record<string, unknown>, ['name', 'keynote', 'description'], `channels.${id}`);
  for (const g of CIRCUIT_GROUPS) fields(lib.circuits.groups?.[g] as unknown as Record<string, unknown>, ['name', 'description'], `circuits.groups.${g}`);
  for (const c of CIRCUITS) fields(lib.circuits.circuits?.[c] as unknown as Record<string, unknown>, ['name', 'description'], `circuits.circuits.${c}`);
  for (const c of CENTERS) fields(lib.centers[c] as unknown as Record<string, unknown>, ['name', 'theme', 'description', 'defined', 'open'], `centers.${c}`);
  for (const t of Object.keys(TYPE_DETAILS) as HdType[])
    fields(lib.types[t] as unknown as Record<string, unknown>, ['name', 'strategy', 'signature', 'notSelfTheme', 'aura', 'description'], `types.${t}`);
  for (const a of AUTHORITIES) fields(lib.authorities[a] as unknown as Record<string, unknown>, ['name', 'description'], `authorities.${a}`);
  for (const p of PROFILES) fields(lib.profiles.profiles?.[p] as unknown as Record<string, unknown>, ['name', 'description'], `profiles.profiles.${p}`);
  for (const l of SIX) fields(lib.profiles.lines?.[l] as unknown as Record<string, unknown>, ['name', 'description'], `profiles.lines.${l}`);
  for (const d of DEFINITIONS) fields(lib.definitions.definitions?.[d] as unknown as Record<string, unknown>, ['name', 'description'], `definitions.${d}`);
  for (const k of ['simple', 'wide'] as const)
    fields(lib.definitions.splitKinds?.[k] as unknown as Record<string, unknown>, ['name', 'description'], `definitions.splitKinds.${k}`);
  for (const q of QUARTERS) fields(lib.quarters.quarters?.[q] as unknown as Record<string, unknown>, ['name', 'theme', 'description'], `quarters.${q}`);
  for (const g of CROSS_GEOMETRIES) fields(lib.quarters.geometries?.[g] as unknown as Record<string, unknown>, ['name', 'description'], `geometries.${g}`);
  for (const c of CROSS_NAMES) fields(lib.crosses[c] as unknown as Record<string, unknown>, ['name', 'description'], `crosses.${c}`);
  for (const v of VARIABLES) {
    fields(lib.variables.arrows?.[v] as unknown as Record<string, unknown>, ['name', 'description', 'left', 'right'], `variables.arrows.${v}`);
    const withVariants = v === 'determination' ? DETERMINATION_COLORS : v === 'environment' ? ENVIRONMENT_COLORS : undefined;
    for (const c of SIX)
      fields(
        lib.variables.colors?.[v]?.[c] as unknown as Record<string, unknown>,
        withVariants ? ['name', 'left', 'right', 'description'] : ['name', 'description'],
        `variables.colors.${v}.${c}`,
      );
  }
  for (const t of ['cognition', 'sense'] as const)
    for (const c of SIX) fields(lib.variables.tones?.[t]?.[c] as unknown as Record<string, unknown>, ['name', 'description'], `variables.tones.${t}.${c}`);
  for (const b of ['1', '2', '3', '4', '5'])
    fields(lib.variables.bases?.[b] as unknown as Record<string, unknown>, ['name', 'description'], `variables.bases.${b}`);
}
