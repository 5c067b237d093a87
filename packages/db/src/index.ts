export * from './connection.js';
export { uniqueViolation } from './errors.js';
export { preparedQuery } from './prepared.js';
export * from './schema.js';
export { seedDatabase } from './seed.js';
