/** The time series' job inputs, as the API's time-series service makes them. */
import type { STATION_BODIES } from '../../../engine/search/ingresses';
import type { ReturnKind } from '../../../engine/search/returns';
import type { NodeType, Planet } from '../../../engine/types';
import type { BirthInput } from '../../birth/jobs/payloads';

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
