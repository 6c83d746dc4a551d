export * from './library';
export { annotateMeaning, expandMeaning, expandMeaningBytes, markMeaning, meaningJson } from './annotate';
export * from './reference';
