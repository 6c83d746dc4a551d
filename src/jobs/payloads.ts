import type { NodeType } from '../engine/types';

/** Birth data as a job carries it: validated and normalised by the API (see chart.service.ts). */
export interface BirthInput {
  birthdate: string;
  birthtime: string;
  location?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
  nodeType: NodeType;
}

export interface CompositeInput {
  person1: BirthInput;
  person2: BirthInput;
}

export interface TransitInput extends BirthInput {
  /** The transit instant, UTC ISO 8601 to the second. */
  at: string;
}

export interface BodygraphInput extends BirthInput {
  size: number;
  theme: 'light' | 'dark';
}
