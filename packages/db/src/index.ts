export * from './connection.js';
export * from './schema.js';
export { seedDatabase } from './seed.js';
