/**
 * Transit overlay (RULES 11.1): one set of 13 activations at the transit instant (no design moment), laid over
 * the natal gates. Channels of the overlay are split into natal, completed by the transit (one gate natal, the
 * other from the transit) and pure transit (both gates from the transit only).
 */
import { EngineInputError, NodeType, PLANETS, TransitChart } from '../types';
import { assertEphemerisRange, jdFromUtcMs, positions, utcMsFromJd } from '../ephemeris';
import { activationsFrom, assertNodeType } from '../natal/chart';
import { isoRoundedToSecond } from '../time/instants';
import { GateSource, gateSetFrom } from './composite';
import { analyzeGateSet, CH_GATE1, CH_GATE2, CHANNEL_OBJECTS, centersOfMask, definitionOf, typeOf } from '../natal/graph';

export interface TransitOptions {
  nodeType?: NodeType;
}

const tBuf = new Float64Array(13);

export function computeTransit(natal: GateSource, utcMs: number, options: TransitOptions = {}): TransitChart {
  if (typeof utcMs !== 'number' || !Number.isFinite(utcMs)) {
    throw new EngineInputError('INVALID_INSTANT', 'the transit instant must be a finite number of milliseconds', { utcMs });
  }
  const nodeType = assertNodeType(options.nodeType);
  const jd = jdFromUtcMs(utcMs);
  assertEphemerisRange(jd, 'transit instant');
  positions(jd, nodeType, tBuf);
  const activations = activationsFrom(tBuf);
  return overlayTransit(natal, activations, jd, nodeType);
}

/** The overlay from already computed transit activations (pure; used by computeTransit and by tests). */
export function overlayTransit(natal: GateSource, activations: TransitChart['activations'], jd: number, nodeType: NodeType = 'true'): TransitChart {
  const natalGates = gateSetFrom(natal);
  const transitSet = new Uint8Array(65);
  for (const p of PLANETS) transitSet[activations[p].gate] = 1;
  const union = new Uint8Array(65);
  const transitGates: number[] = [];
  const reinforcedGates: number[] = [];
  for (let g = 1; g <= 64; g++) {
    union[g] = natalGates[g] | transitSet[g];
    if (transitSet[g]) {
      transitGates.push(g);
      if (natalGates[g]) reinforcedGates.push(g);
    }
  }

  const natalAn = analyzeGateSet(natalGates);
  const an = analyzeGateSet(union);
  const natalChannels = [];
  const completedChannels = [];
  const transitChannels = [];
  for (const i of an.channels) {
    const n = natalGates[CH_GATE1[i]] + natalGates[CH_GATE2[i]];
    const ch = CHANNEL_OBJECTS[i];
    if (n === 2) natalChannels.push(ch);
    else if (n === 1) completedChannels.push(ch);
    else transitChannels.push(ch);
  }

  return {
    transitUtc: isoRoundedToSecond(utcMsFromJd(jd)),
    transitJdUt: jd,
    nodeType,
    activations,
    transitGates,
    natalChannels,
    completedChannels,
    transitChannels,
    temporarilyDefinedCenters: centersOfMask(an.definedMask & ~natalAn.definedMask),
    reinforcedGates,
    definedCenters: centersOfMask(an.definedMask),
    openCenters: centersOfMask(~an.definedMask & 0x1ff),
    type: typeOf(an.definedMask, an.components),
    definition: definitionOf(an.components.length),
  };
}
