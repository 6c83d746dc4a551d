/** Public surface of the chart engine (framework-free). */
export * from './types';
export { computeChart, buildChart } from './natal/chart';
export { isoRoundedToSecond, isoFlooredToSecond, isCalendarDate, parseRealInstant } from './time/instants';
export type { ChartOptions } from './natal/chart';
export { computeComposite } from './relations/composite';
export type { GateSource } from './relations/composite';
export { computeTransit, overlayTransit } from './relations/transit';
export type { TransitOptions } from './relations/transit';
export { classifyGates, classifyGateSet } from './natal/graph';
export type { GateSetClassification } from './natal/graph';
export { activationAt } from './natal/mandala';
export { angleDiff, normalizeLongitude } from './angles';
export { designSolverStats } from './natal/design';
export {
  EPHEMERIS_MIN_UTC,
  EPHEMERIS_MAX_UTC,
  EPHEMERIS_MIN_UTC_MS,
  EPHEMERIS_MAX_UTC_MS,
  SUPPORTED_BIRTH_MIN_UTC,
  SUPPORTED_BIRTH_MAX_UTC,
  SUPPORTED_BIRTH_MIN_UTC_MS,
  SUPPORTED_BIRTH_MAX_UTC_MS,
  jdFromUtcMs,
} from './ephemeris';
