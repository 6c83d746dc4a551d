/**
 * What a worker does for each job: resolve the birth, run the engine, shape the answer. Pure functions of the
 * job's data; errors for the caller's input are EngineInputError (mapped to 422 by the API).
 */
import { renderBodygraph, renderCompositeBodygraph, renderTransitBodygraph, type TextMode } from '../engine/bodygraph';
import { svgToPng } from '../engine/bodygraph/png';
import { resolveBirth } from '../engine/birth';
import { computeChart, computeComposite, computeTransit } from '../engine';
import type { Chart } from '../engine/types';
import type { BirthEcho } from '../engine/birth';
import type {
  BirthInput,
  PentaInput,
  BodygraphInput,
  CompositeBodygraphInput,
  CompositeInput,
  DrawingInput,
  TransitBodygraphInput,
  TransitInput,
} from './payloads';
import { presentAdvanced, presentChart, presentComposite, presentSummary, presentTransit } from './present';
import { computePenta } from '../engine/penta';

export function chartOf(input: BirthInput): [Chart, BirthEcho] {
  const { utcMs, birth } = resolveBirth(input);
  return [computeChart(utcMs, { nodeType: input.nodeType }), birth];
}

/*
 * The JSON operations return the response body as JSON text: the API relays it as it is, instead of parsing
 * the job's result into objects only to serialise them again.
 */
export const chartJob = (input: BirthInput): string => JSON.stringify(presentChart(...chartOf(input)));

export const advancedJob = (input: BirthInput): string => JSON.stringify(presentAdvanced(...chartOf(input)));

export function compositeJob(input: CompositeInput): string {
  const first = chartOf(input.person1);
  const second = chartOf(input.person2);
  return JSON.stringify(presentComposite(computeComposite(first[0], second[0]), [first, second]));
}

export function transitJob(input: TransitInput): string {
  const [natal, birth] = chartOf(input);
  const transit = computeTransit(natal, Date.parse(input.at), { nodeType: input.nodeType });
  return JSON.stringify(presentTransit(transit, natal, birth));
}

/** SVG text, or the PNG as base64 (job results travel as JSON); the PNG is drawn with its text as outlines. */
function drawing(
  input: DrawingInput,
  render: (options: { size: number; theme: 'light' | 'dark'; background: DrawingInput['background']; text: TextMode }) => string,
): string {
  const options = { size: input.size, theme: input.theme, background: input.background };
  if (input.format !== 'png') return render({ ...options, text: 'text' });
  return svgToPng(render({ ...options, text: 'outline' }), input.size, input.background === 'transparent').toString('base64');
}

export function bodygraphJob(input: BodygraphInput): string {
  const [chart] = chartOf(input);
  return drawing(input, (o) => renderBodygraph(chart, { ...o, variables: input.variables }));
}

export function compositeBodygraphJob(input: CompositeBodygraphInput): string {
  const [first] = chartOf(input.person1);
  const [second] = chartOf(input.person2);
  return drawing(input, (o) => renderCompositeBodygraph([first, second], computeComposite(first, second), { ...o, names: input.names }));
}

export function transitBodygraphJob(input: TransitBodygraphInput): string {
  const [natal] = chartOf(input);
  const transit = computeTransit(natal, Date.parse(input.at), { nodeType: input.nodeType });
  return drawing(input, (o) => renderTransitBodygraph(natal, transit, o));
}

/** The group analysis over the members' charts (rules in docs/penta.md), with each member's summary. */
export function pentaJob(input: PentaInput): string {
  const people = input.members.map(chartOf);
  return JSON.stringify({ ...computePenta(people.map(([chart]) => chart)), people: people.map((person) => presentSummary(...person)) });
}

/**
 * Loads the gazetteer, the zone data and the ephemeris files before the first job, so no caller pays the
 * start-up cost (the first place lookup would otherwise take most of a second).
 */
export function warmUp(): void {
  chartJob({ birthdate: '1990-05-15', birthtime: '12:30', location: 'paris, france', nodeType: 'true' });
  chartJob({ birthdate: '1990-05-15', birthtime: '12:30', latitude: 45.5, longitude: -73.6, nodeType: 'true' });
}
