/** The chart family's job inputs (charts, drawings, the day of unknown time, Penta, readings). */
import type { MeaningLanguage } from '../../../engine/meaning';
import type { NodeType } from '../../../engine/types';
import type { BirthInput, MeaningInput } from '../../birth/jobs/payloads';

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
