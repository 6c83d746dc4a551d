/** The reading (POST /v1/chart/report): one content model, rendered as a self-contained HTML page or a PDF. */
export { reportModel, placeLabel } from './model';
export type { AnnotatedChart, ReportItem, ReportModel, ReportSection } from './model';
export { renderReportHtml, inlineSvg, DARK_ID_PREFIX } from './html';
export type { ReportTheme } from './html';
export { renderReportPdf } from './pdf';
export { REPORT_STRINGS } from './strings';
export type { ReportStrings } from './strings';
