import type { STATION_BODIES } from '../../../engine/search/ingresses';
import type { ReturnKind } from '../../../engine/search/returns';
import type { MeaningLanguage } from '../../../engine/meaning';
import type { NodeType, Planet } from '../../../engine/types';

/** Birth data as a job carries it: validated and normalised by the API (see chart.service.ts). */
export interface BirthInput {
  birthdate: string;
  birthtime: string;
  location?: string;
  /** The GeoNames id of the place, instead of location. */
  placeId?: number;
  latitude?: number;
  longitude?: number;
  timezone?: string;
  nodeType: NodeType;
}

/** The language of the meaning texts an answer carries beside its labels (absent: none, as before). */
export interface MeaningInput {
  meaning?: MeaningLanguage;
}

/** /v1/chart and /v1/chart/advanced. */
export interface ChartInput extends BirthInput, MeaningInput {}

export interface CompositePeople {
  person1: BirthInput;
  person2: BirthInput;
}

export interface CompositeInput extends CompositePeople, MeaningInput {}

export interface TransitAt extends BirthInput {
  /** The transit instant, UTC ISO 8601 to the second. */
  at: string;
}

export interface TransitInput extends TransitAt, MeaningInput {}

/** How a drawing is delivered: SVG, or PNG (answered base64 by the worker, bytes by the API). */
export interface DrawingInput {
  size: number;
  theme: 'light' | 'dark';
  format: 'svg' | 'png';
  background: 'theme' | 'transparent';
  /** A header over the drawing; only present when asked for (so the job ids of drawings without one are unchanged). */
  title?: string;
  subtitle?: string;
}

export interface BodygraphInput extends BirthInput, DrawingInput {
  variables: boolean;
}

export interface CompositeBodygraphInput extends CompositePeople, DrawingInput {
  names?: [string, string];
}

export interface TransitBodygraphInput extends TransitAt, DrawingInput {}

/** A reading (engine/report): HTML text, or a PDF answered base64 by the worker and as bytes by the API. */
export interface ReportInput extends BirthInput {
  /** The texts' and headings' language (the API defaults it to en). */
  meaning: MeaningLanguage;
  format: 'html' | 'pdf';
  /** The HTML's colors: absent, the reader's preference (light by default); the PDF is always light and has none. */
  theme?: 'light' | 'dark';
}

/** A time range as jobs carry it: UTC ISO 8601 instants to the second, from < to, checked by the API. */
export interface RangeInput {
  from: string;
  to: string;
}

export interface IngressesInput extends RangeInput {
  bodies: Planet[];
  level: 'gate' | 'line';
  nodeType: NodeType;
}

export interface StationsInput extends RangeInput {
  bodies: (typeof STATION_BODIES)[number][];
}

export interface ReturnsInput extends BirthInput, RangeInput {
  kinds: ReturnKind[];
  /** The first `count` returns of each kind from `from` on (then `to` is the search's end). */
  count?: number;
  chart: boolean;
}

export interface TransitCalendarInput extends BirthInput, RangeInput {}

/** Birth data without a time, for the day operation; `span` narrows the day (see engine/search/day-span.ts). */
export interface DayInput extends MeaningInput {
  birthdate: string;
  location?: string;
  placeId?: number;
  latitude?: number;
  longitude?: number;
  timezone?: string;
  nodeType: NodeType;
  detail: 'summary' | 'full';
  span?: { from: string; to: string } | { around: string; minutes: number };
}

/** 3–5 people for the Penta (group) analysis. */
export interface PentaInput extends MeaningInput {
  members: BirthInput[];
}
