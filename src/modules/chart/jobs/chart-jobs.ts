/**
 * What a worker does for each job: resolve the birth, run the engine, shape the answer. Pure functions of the
 * job's data; errors for the caller's input are EngineInputError (mapped to 422 by the API).
 */
import { renderBodygraph, renderCompositeBodygraph, renderTransitBodygraph, type TextMode } from '../../../engine/bodygraph';
import { fontkit } from '../../../engine/bodygraph/glyphs';
import { resvg, svgToPngAsync } from '../../../engine/bodygraph/png';
import { pdfLibraries } from '../../../engine/report/pdf';
import { Slicer } from '../../../jobs/slicer';
import { resolveBirth } from '../../../engine/natal/birth';
import { computeChart, computeComposite, computeTransit } from '../../../engine';
import type { Chart } from '../../../engine/types';
import type { BirthEcho } from '../../../engine/natal/birth';
import type { BirthInput, ChartInput } from '../../birth/jobs/payloads';
import type { PentaInput, BodygraphInput, CompositeBodygraphInput, CompositeInput, DrawingInput, TransitBodygraphInput, TransitInput } from './payloads';
import { presentAdvanced, presentChart, presentComposite, presentSummary, presentTransit } from './present';
import { computePenta } from '../../../engine/relations/penta';
import { type ChartAnswerShape, markChartMeaning, markMeaning, meaningLibraries, type MeaningLanguage } from '../../../engine/meaning';

/**
 * An answer's JSON text; when meaning is asked for, with a marker beside each label that the API swaps for its
 * text in `language` (engine/meaning/annotate.ts: the texts themselves never cross Redis). The markers are written
 * into `answer`, so it must be made for this one call, as every `…Answer` here makes it (fresh-answers.spec).
 */
export function answerJson(answer: object, language: MeaningLanguage | undefined): string {
  return language ? markMeaning(answer, meaningLibraries()[language]) : JSON.stringify(answer);
}

/**
 * answerJson for the answer of a chart or an advanced chart, whose markers are put by its known fields (markChartMeaning):
 * for bulk items, and chart jobs with `meaning` from an API of an older release. This release's API asks for the plain
 * chart and puts the texts in itself (engine/meaning/chart-splice.ts).
 */
export function chartAnswerJson(answer: object, language: MeaningLanguage | undefined): string {
  return language ? markChartMeaning(answer as ChartAnswerShape, meaningLibraries()[language]) : JSON.stringify(answer);
}

export function chartOf(input: BirthInput): [Chart, BirthEcho] {
  const { utcMs, birth } = resolveBirth(input);
  return [computeChart(utcMs, { nodeType: input.nodeType }), birth];
}

/*
 * The JSON operations return the response body as JSON text: the API relays it as it is, instead of parsing
 * the job's result into objects only to serialise them again. They take the slicer every handler is given and
 * have no use for it: each is a fraction of a millisecond, one piece.
 */
export const chartAnswer = (input: ChartInput) => presentChart(...chartOf(input));
export const advancedAnswer = (input: ChartInput) => presentAdvanced(...chartOf(input));

export const chartJob = (input: ChartInput, _slicer?: Slicer): string => chartAnswerJson(chartAnswer(input), input.meaning);

export const advancedJob = (input: ChartInput, _slicer?: Slicer): string => chartAnswerJson(advancedAnswer(input), input.meaning);

export function compositeAnswer(input: CompositeInput) {
  const first = chartOf(input.person1);
  const second = chartOf(input.person2);
  return presentComposite(computeComposite(first[0], second[0]), [first, second]);
}

export const compositeJob = (input: CompositeInput, _slicer?: Slicer): string => answerJson(compositeAnswer(input), input.meaning);

export function transitAnswer(input: TransitInput) {
  const [natal, birth] = chartOf(input);
  const transit = computeTransit(natal, Date.parse(input.at), { nodeType: input.nodeType });
  return presentTransit(transit, natal, birth);
}

export const transitJob = (input: TransitInput, _slicer?: Slicer): string => answerJson(transitAnswer(input), input.meaning);

/**
 * SVG text, or the PNG as base64 (job results travel as JSON); the PNG is drawn with its text as outlines, and
 * rasterised without holding the worker's event loop (tens to hundreds of ms: see png.ts).
 */
async function drawing(
  input: DrawingInput,
  slicer: Slicer,
  render: (options: Pick<DrawingInput, 'size' | 'theme' | 'background' | 'title' | 'subtitle'> & { text: TextMode }) => string,
): Promise<string> {
  const options = { size: input.size, theme: input.theme, background: input.background, title: input.title, subtitle: input.subtitle };
  if (input.format !== 'png') return render({ ...options, text: 'text' });
  const png = await svgToPngAsync(render({ ...options, text: 'outline' }), input.size, input.background === 'transparent', slicer);
  return png.toString('base64');
}

export function bodygraphJob(input: BodygraphInput, slicer = new Slicer()): Promise<string> {
  const [chart] = chartOf(input);
  return drawing(input, slicer, (o) => renderBodygraph(chart, { ...o, variables: input.variables }));
}

export function compositeBodygraphJob(input: CompositeBodygraphInput, slicer = new Slicer()): Promise<string> {
  const [first] = chartOf(input.person1);
  const [second] = chartOf(input.person2);
  return drawing(input, slicer, (o) => renderCompositeBodygraph([first, second], computeComposite(first, second), { ...o, names: input.names }));
}

export function transitBodygraphJob(input: TransitBodygraphInput, slicer = new Slicer()): Promise<string> {
  const [natal] = chartOf(input);
  const transit = computeTransit(natal, Date.parse(input.at), { nodeType: input.nodeType });
  return drawing(input, slicer, (o) => renderTransitBodygraph(natal, transit, o));
}

/** The group analysis over the members' charts (rules in docs/penta.md), with each member's summary. */
export function pentaAnswer(input: PentaInput) {
  const people = input.members.map(chartOf);
  return { ...computePenta(people.map(([chart]) => chart)), people: people.map((person) => presentSummary(...person)) };
}

export const pentaJob = (input: PentaInput, _slicer?: Slicer): string => answerJson(pentaAnswer(input), input.meaning);

/**
 * Loads the gazetteer, the zone data and geo-tz's index (the second birth, by coordinates), the ephemeris files and
 * the drawing and PDF libraries before the first job, so no caller pays the start-up cost (the first place lookup
 * would otherwise take most of a second). geo-tz and the libraries are loaded here, in a worker, never in the API.
 */
export function warmUp(): void {
  chartJob({ birthdate: '1990-05-15', birthtime: '12:30', location: 'paris, france', nodeType: 'true' });
  chartJob({ birthdate: '1990-05-15', birthtime: '12:30', latitude: 45.5, longitude: -73.6, nodeType: 'true' });
  fontkit();
  resvg();
  pdfLibraries();
}
