/**
 * Bodygraph color palettes (RULES 12): data only. The two themes use the same drawing; only these colors change.
 */
import type { CenterName } from '../types';

export type ThemeName = 'light' | 'dark';
export const THEMES: readonly ThemeName[] = ['light', 'dark'];

export interface Palette {
  background: string;
  /** Main text (caption, gate numbers on open centers). */
  ink: string;
  /** Secondary text (caption second line, inactive gate numbers). */
  muted: string;
  centerStroke: string;
  /** Fill of an undefined / open center. */
  centerOpen: string;
  /** Fill of each defined center (traditional colors). */
  centerDefined: Readonly<Record<CenterName, string>>;
  channelCasing: string;
  /** Inner color of a channel half whose gate is not activated. */
  channelEmpty: string;
  personality: string;
  design: string;
  /** Circle behind an activated gate's number and the number's color on it. */
  gateActiveFill: string;
  gateActiveText: string;
  /** Number color of an inactive gate on an open center and on a defined (colored) center. */
  gateIdleTextOpen: string;
  gateIdleTextDefined: string;
  /** Composite drawing: each person's color (gates, channel halves, column text) and the number color on it. */
  person1: string;
  person2: string;
  personText: string;
  /** Transit drawing: the transiting bodies' color and the number color on a transit-only gate. */
  transit: string;
  transitText: string;
}

const YELLOW = '#f3cf4e';
const GREEN = '#8fc45f';
const RED = '#e0493f';
const BROWN = '#c99a5b';

export const PALETTES: Readonly<Record<ThemeName, Palette>> = {
  light: {
    background: '#ffffff',
    ink: '#1c1c1c',
    muted: '#555555',
    centerStroke: '#3b3b3b',
    centerOpen: '#ffffff',
    centerDefined: {
      Head: YELLOW,
      Ajna: GREEN,
      Throat: BROWN,
      G: YELLOW,
      Heart: RED,
      Sacral: RED,
      'Solar Plexus': BROWN,
      Spleen: BROWN,
      Root: BROWN,
    },
    channelCasing: '#a9a9a9',
    channelEmpty: '#ffffff',
    personality: '#1c1c1c',
    design: '#d1302a',
    gateActiveFill: '#1c1c1c',
    gateActiveText: '#ffffff',
    gateIdleTextOpen: '#3b3b3b',
    gateIdleTextDefined: '#000000', // 5.0:1 on the red Heart and Sacral (#2a2a2a gave 3.6)
    person1: '#1d4ed8',
    person2: '#a21caf',
    personText: '#ffffff',
    transit: '#0f766e',
    transitText: '#ffffff',
  },
  dark: {
    background: '#16181d',
    ink: '#ececec',
    muted: '#a8abb2',
    centerStroke: '#9ea3ad',
    centerOpen: '#262a31',
    centerDefined: {
      Head: '#e9c546',
      Ajna: '#84b957',
      Throat: '#bb8d52',
      G: '#e9c546',
      Heart: '#d8473e',
      Sacral: '#d8473e',
      'Solar Plexus': '#bb8d52',
      Spleen: '#bb8d52',
      Root: '#bb8d52',
    },
    channelCasing: '#5d626c',
    channelEmpty: '#262a31',
    personality: '#f4f4f4',
    design: '#ff5147',
    gateActiveFill: '#f4f4f4',
    gateActiveText: '#16181d',
    gateIdleTextOpen: '#c9ccd2',
    gateIdleTextDefined: '#000000', // 4.6:1 on the red Heart and Sacral (#1d1f24 gave 3.8)
    person1: '#7aa2ff',
    person2: '#e879f9',
    personText: '#16181d',
    transit: '#2dd4bf',
    transitText: '#16181d',
  },
};

/** Id of the red/black (red/white on dark) stripe pattern for gates activated by both sides. */
export const BOTH_PATTERN_ID = 'hd-both';
export const BOTH_FILL = `url(#${BOTH_PATTERN_ID})`;
/** The composite drawing's stripes for a gate both people activate (person 1 / person 2 colors). */
export const BOTH_PEOPLE_PATTERN_ID = 'hd-both-people';
export const BOTH_PEOPLE_FILL = `url(#${BOTH_PEOPLE_PATTERN_ID})`;
