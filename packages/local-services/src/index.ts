export * from './auth-emulator.js';
export * from './postgres.js';
export * from './s3.js';
export * from './ports.js';
export { loadEmbeddedPostgres, postgresBinariesBlockedAt } from './embedded-postgres-loader.js';
