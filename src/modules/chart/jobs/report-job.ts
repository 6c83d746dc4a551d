/**
 * The reading (POST /v1/chart/report): the advanced chart with its meaning texts in one language, the bodygraph,
 * and the report's own headings, as one HTML page (text) or a PDF (base64: job results travel as JSON strings; the
 * API answers its bytes, as for the PNG drawings).
 */
import { renderBodygraph } from '../../../engine/bodygraph';
import { annotateMeaning, meaningLibraries } from '../../../engine/meaning';
import { type AnnotatedChart, renderReportHtml, renderReportPdf, reportModel } from '../../../engine/report';
import { chartOf } from './chart-jobs';
import type { ReportInput } from './payloads';
import { presentAdvanced } from './present';
import { Slicer } from '../../../jobs/slicer';

/** The drawing's nominal width in the page (the SVG scales to its box; this only sets its width/height attributes). */
const DRAWING_SIZE = 600;

export async function reportJob(input: ReportInput, slicer = new Slicer()): Promise<string> {
  const [chart, birth] = chartOf(input);
  const lib = meaningLibraries()[input.meaning];
  const annotated = annotateMeaning(presentAdvanced(chart, birth), lib) as unknown as AnnotatedChart;
  const circuits = Object.fromEntries(Object.entries(lib.circuits.circuits).map(([k, v]) => [k, v.name]));
  const model = reportModel(annotated, input.meaning, circuits);
  // The drawing's own words in the reading's language too: its column headers and its caption.
  const s = model.strings;
  const labels = {
    design: s.design,
    personality: s.personality,
    caption: [`${lib.types[chart.type].name} \u00B7 ${s.profile} ${chart.profile}`, `${s.authority}${s.colon}${lib.authorities[chart.authority].name}`] as [
      string,
      string,
    ],
  };
  const light = renderBodygraph(chart, { size: DRAWING_SIZE, theme: 'light', variables: true, labels });
  if (input.format === 'pdf') return (await renderReportPdf(model, light, slicer)).toString('base64');
  const dark = renderBodygraph(chart, { size: DRAWING_SIZE, theme: 'dark', variables: true, labels });
  return renderReportHtml(model, { light, dark }, input.theme ?? 'auto');
}
