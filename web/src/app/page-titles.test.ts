import { describe, expect, it } from 'vitest';
import { documentTitle, pageNameForPath } from './page-titles.js';

describe('page titles', () => {
  it("formats '{page} | SnapNotes' for every route of the spec", () => {
    const expected: Record<string, string> = {
      '/': 'Home | SnapNotes',
      '/app': 'App | SnapNotes',
      '/settings': 'Settings | SnapNotes',
      '/about': 'About | SnapNotes',
      '/feedback': 'Feedback | SnapNotes',
      '/terms-of-service': 'Terms of Service | SnapNotes',
      '/privacy-policy': 'Privacy Policy | SnapNotes',
      '/subscription/cancel': 'Subscription Cancelled | SnapNotes',
      '/no/such/page': 'Page Not Found | SnapNotes',
    };
    for (const [path, title] of Object.entries(expected)) expect(documentTitle(pageNameForPath(path))).toBe(title);
  });

  it('ignores a trailing slash', () => {
    expect(pageNameForPath('/settings/')).toBe('Settings');
  });
});
