/**
 * Birth data as every job carries it, whatever its family: the API validates and normalises it (modules/birth/
 * birth-input.ts), a worker resolves it (engine/natal/birth.ts).
 */
import type { MeaningLanguage } from '../../../engine/meaning';
import type { NodeType } from '../../../engine/types';

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
