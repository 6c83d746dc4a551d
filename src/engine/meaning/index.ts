export * from './library';
export { annotateMeaning, expandMeaning, markMeaning, meaningJson } from './annotate';
export * from './reference';
