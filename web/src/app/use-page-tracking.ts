import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAnalytics } from '../lib/runtime.js';
import { documentTitle, pageNameForPath } from './page-titles.js';

/** On every route change: sets the document title and records a page view (SPEC §2). */
export function usePageTracking(): void {
  const { pathname, search } = useLocation();
  const analytics = useAnalytics();
  useEffect(() => {
    const title = documentTitle(pageNameForPath(pathname));
    document.title = title;
    analytics.pageView(pathname + search, title);
  }, [pathname, search, analytics]);
}
