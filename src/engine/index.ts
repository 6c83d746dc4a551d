/** Public surface of the chart engine (framework-free). */
export * from './types';
export { computeChart, buildChart, isoSeconds } from './chart';
export type { ChartOptions } from './chart';
export { computeComposite } from './composite';
export type { GateSource } from './composite';
export { computeTransit, overlayTransit } from './transit';
export type { TransitOptions } from './transit';
export { classifyGates, classifyGateSet } from './graph';
export type { GateSetClassification } from './graph';
export { activationAt, normalizeLongitude } from './mandala';
export { designSolverStats } from './design';
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
