import { PRODUCT_NAME } from '../lib/constants.js';

/** Page names per route (SPEC §2); the document title is '{page} | SnapNotes'. */
const PAGE_NAMES: Record<string, string> = {
  '/': 'Home',
  '/app': 'App',
  '/settings': 'Settings',
  '/about': 'About',
  '/feedback': 'Feedback',
  '/terms-of-service': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/__/auth/handler': 'Signing In',
  '/subscription/success': 'Subscription Success',
  '/subscription/cancel': 'Subscription Cancelled',
};

export const NOT_FOUND_PAGE = 'Page Not Found';

export function pageNameForPath(pathname: string): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_NAMES[normalised] ?? NOT_FOUND_PAGE;
}

export function documentTitle(page: string): string {
  return `${page} | ${PRODUCT_NAME}`;
}
