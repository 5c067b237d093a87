export * from './connection.js';
export { uniqueViolation } from './errors.js';
export * from './schema.js';
export { seedDatabase } from './seed.js';
