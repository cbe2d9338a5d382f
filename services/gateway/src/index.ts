export { buildApp } from './app.js';
export { type GatewayDeps } from './deps.js';
export { authenticate, currentUser, ownUser, REVOCATION_CHECKED_ROUTES } from './guards.js';
export {
  createFirebaseVerifier,
  InvalidTokenError,
  withVerifiedTokenCache,
  type TokenVerifier,
  type VerifyOptions,
  type VerifiedIdentity,
} from './auth.js';
export { HttpError } from './errors.js';
export { quotaFor, nextMonthStart } from './quota.js';
export { usernameFor } from './routes/users.js';
export {
  registerOps,
  registerAdmin,
  adminCookieOptions,
  ROUTE_DOCS,
  ADMIN_COOKIE,
  ADMIN_COOKIE_PATH,
  DASHBOARD_PATH,
} from './ops/index.js';
export { hashImage, sameScreenshot } from './duplicates/index.js';
export { groupScrollCaptures, scrollLinksOf } from './uploads/scroll-captures.js';
