export * from './library';
export { annotateMeaning, meaningJson } from './annotate';
export * from './reference';
