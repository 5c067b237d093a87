export * from './auth.js';
export * from './errors.js';
export * from './history.js';
export * from './messages.js';
export * from './plans.js';
export * from './tokens.js';
