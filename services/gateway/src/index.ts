export { buildApp, authenticate, currentUser, ownUser, type GatewayDeps } from './app.js';
export {
  createFirebaseVerifier,
  InvalidTokenError,
  withVerifiedTokenCache,
  type TokenVerifier,
  type VerifiedIdentity,
} from './auth.js';
export { HttpError } from './errors.js';
export { checkImage, readUpload, sanitizeFileName } from './upload.js';
export { quotaFor, nextMonthStart } from './quota.js';
export { usernameFor } from './routes/users.js';
export { registerOps, ROUTE_DOCS, ADMIN_COOKIE, DASHBOARD_PATH } from './ops/index.js';
