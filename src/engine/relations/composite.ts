/**
 * Composite (connection) chart of two people (RULES 11.2): the union of their gates gives the composite channels,
 * centers, definition and type; each composite channel is classified by who brings which gate.
 */
import { CENTERS, CenterDefinedBy, CompositeChannel, CompositeChart, Chart, GateActivation } from '../types';
import { analyzeGateSet, CH_GATE1, CH_GATE2, CHANNEL_OBJECTS, centersOfMask, definitionOf, gateSetOf, typeOf } from '../natal/graph';

/** A chart, or anything with its activated gates, or a plain list of gate numbers. */
export type GateSource = Pick<Chart, 'activatedGates'> | { activatedGates: Record<number, GateActivation> } | readonly number[];

export function gateSetFrom(source: GateSource): Uint8Array {
  if (Array.isArray(source)) return gateSetOf(source as readonly number[]);
  return gateSetOf(Object.keys((source as Pick<Chart, 'activatedGates'>).activatedGates).map(Number));
}

export function computeComposite(a: GateSource, b: GateSource): CompositeChart {
  const ga = gateSetFrom(a);
  const gb = gateSetFrom(b);
  const union = new Uint8Array(65);
  for (let g = 1; g <= 64; g++) union[g] = ga[g] | gb[g];

  const an = analyzeGateSet(union);
  const own = [analyzeGateSet(ga).definedMask, analyzeGateSet(gb).definedMask];

  const channels: CompositeChannel[] = [];
  for (const i of an.channels) {
    const g1 = CH_GATE1[i];
    const g2 = CH_GATE2[i];
    const na = ga[g1] + ga[g2];
    const nb = gb[g1] + gb[g2];
    const base = CHANNEL_OBJECTS[i];
    if (na === 2 && nb === 2) channels.push({ ...base, kind: 'companionship' });
    else if (na === 2) channels.push({ ...base, kind: nb === 0 ? 'dominance' : 'compromise', dominant: 'person1' });
    else if (nb === 2) channels.push({ ...base, kind: na === 0 ? 'dominance' : 'compromise', dominant: 'person2' });
    else channels.push({ ...base, kind: 'electromagnetic' }); // one gate each, different gates (the union has both)
  }

  const centerDefinedBy: CompositeChart['centerDefinedBy'] = {};
  for (let c = 0; c < CENTERS.length; c++) {
    const bit = 1 << c;
    if (!(an.definedMask & bit)) continue;
    const byA = (own[0] & bit) !== 0;
    const byB = (own[1] & bit) !== 0;
    const who: CenterDefinedBy = byA && byB ? 'both' : byA ? 'person1' : byB ? 'person2' : 'combined';
    centerDefinedBy[CENTERS[c]] = who;
  }

  return {
    channels,
    definedCenters: centersOfMask(an.definedMask),
    openCenters: centersOfMask(~an.definedMask & 0x1ff),
    centerDefinedBy,
    definition: definitionOf(an.components.length),
    type: typeOf(an.definedMask, an.components),
  };
}
