export { type DetectHumanizedOptions, detectHumanized } from './detect.js';
export * from './report.schema.js';
