/**
 * Engine results → response bodies. Pure functions, run on the worker so the API only relays JSON.
 */
import type { BirthEcho } from '../../../engine/natal/birth';
import type { Activation, Activations, Channel, Chart, CompositeChart, Planet, TransitChart } from '../../../engine/types';
import { PLANETS } from '../../../engine/types';

export type BirthResponse = BirthEcho & { designUtc: string };

function gateLines(activations: Activations): Record<Planet, { gate: number; line: number }> {
  const out = {} as Record<Planet, { gate: number; line: number }>;
  for (const planet of PLANETS) out[planet] = { gate: activations[planet].gate, line: activations[planet].line };
  return out;
}

function fullActivations(activations: Activations): Record<Planet, Activation> {
  const out = {} as Record<Planet, Activation>;
  for (const planet of PLANETS) {
    const a = activations[planet];
    out[planet] = { longitude: round6(a.longitude), gate: a.gate, line: a.line, color: a.color, tone: a.tone, base: a.base };
  }
  return out;
}

function round6(x: number): number {
  // 359.9999996° rounds to 360, which is 0° (the gate and line are computed from the unrounded value, 0° is in both).
  const r = Math.round(x * 1e6) / 1e6;
  return r >= 360 ? r - 360 : r;
}

export function channelBrief(c: Channel): { gate1: number; gate2: number; name: string; circuit: string } {
  return { gate1: c.gate1, gate2: c.gate2, name: c.name, circuit: c.circuit };
}

export function birthResponse(birth: BirthEcho, chart: Chart): BirthResponse {
  return { ...birth, designUtc: chart.designUtc };
}

/** The body of POST /v1/chart. */
export function presentChart(chart: Chart, birth: BirthEcho) {
  return {
    type: chart.type,
    strategy: chart.strategy,
    authority: chart.authority,
    profile: chart.profile,
    definition: chart.definition,
    signature: chart.signature,
    notSelfTheme: chart.notSelfTheme,
    incarnationCross: chart.incarnationCross,
    definedCenters: chart.definedCenters,
    openCenters: chart.openCenters,
    activeChannels: chart.activeChannels.map(channelBrief),
    activatedGates: chart.activatedGates,
    personality: gateLines(chart.personality),
    design: gateLines(chart.design),
    birth: birthResponse(birth, chart),
  };
}

/** The body of POST /v1/chart/advanced: the chart plus every detail the engine knows. */
export function presentAdvanced(chart: Chart, birth: BirthEcho) {
  return {
    ...presentChart(chart, birth),
    profileNames: chart.profileNames,
    aura: chart.aura,
    splitKind: chart.splitKind,
    bridgingGates: chart.bridgingGates,
    definitionAreas: chart.definitionAreas,
    hangingGates: chart.hangingGates,
    activeChannels: chart.activeChannels.map((c) => ({ ...channelBrief(c), circuitGroup: c.circuitGroup, centers: c.centers })),
    variables: chart.variables,
    personality: fullActivations(chart.personality),
    design: fullActivations(chart.design),
    nodeType: chart.nodeType,
    birthJdUt: chart.birthJdUt,
    designJdUt: chart.designJdUt,
  };
}

/** A person's headline facts inside a composite. */
export function presentSummary(chart: Chart, birth: BirthEcho) {
  return {
    type: chart.type,
    authority: chart.authority,
    profile: chart.profile,
    definition: chart.definition,
    incarnationCross: chart.incarnationCross.name,
    definedCenters: chart.definedCenters,
    activeChannels: chart.activeChannels.map((c) => `${c.gate1}-${c.gate2}`),
    birth: birthResponse(birth, chart),
  };
}

export function presentComposite(composite: CompositeChart, people: [Chart, BirthEcho][]) {
  const byKind = (kind: string) => composite.channels.filter((c) => c.kind === kind);
  const brief = (c: Channel) => ({ gate1: c.gate1, gate2: c.gate2, name: c.name });
  return {
    person1: presentSummary(...people[0]),
    person2: presentSummary(...people[1]),
    channels: {
      electromagnetic: byKind('electromagnetic').map(brief),
      companionship: byKind('companionship').map(brief),
      dominance: byKind('dominance').map((c) => ({ ...brief(c), dominant: c.dominant })),
      compromise: byKind('compromise').map((c) => ({ ...brief(c), dominant: c.dominant })),
    },
    definedCenters: composite.definedCenters,
    openCenters: composite.openCenters,
    centerDefinedBy: composite.centerDefinedBy,
    definition: composite.definition,
    type: composite.type,
  };
}

export function presentTransit(transit: TransitChart, natal: Chart, birth: BirthEcho) {
  return {
    at: transit.transitUtc,
    activations: fullActivations(transit.activations),
    transitGates: transit.transitGates,
    completedChannels: transit.completedChannels.map(channelBrief),
    transitChannels: transit.transitChannels.map(channelBrief),
    natalChannels: transit.natalChannels.map(channelBrief),
    temporarilyDefinedCenters: transit.temporarilyDefinedCenters,
    reinforcedGates: transit.reinforcedGates,
    definedCenters: transit.definedCenters,
    openCenters: transit.openCenters,
    type: transit.type,
    definition: transit.definition,
    natal: presentSummary(natal, birth),
  };
}
