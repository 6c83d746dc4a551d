export * from './library';
export { chartMeaningBytes } from './chart-splice';
export { type ChartAnswerShape, annotateMeaning, expandMeaning, expandMeaningBytes, markChartMeaning, markMeaning, meaningJson } from './annotate';
export * from './reference';
