export * from './library';
export { type ChartAnswerShape, annotateMeaning, expandMeaning, expandMeaningBytes, markChartMeaning, markMeaning, meaningJson } from './annotate';
export * from './reference';
