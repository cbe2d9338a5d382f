import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR, PRODUCT_NAME } from '../lib/constants.js';
import { cn } from '../lib/utils.js';

/** Copyright line and secondary links. */
export function SiteFooter({ maxWidth = 'max-w-5xl' }: { maxWidth?: string }) {
  return (
    <footer className="mt-auto border-t">
      <div
        className={cn(
          'mx-auto flex flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6',
          maxWidth,
        )}
      >
        <p>
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link className="hover:text-foreground hover:underline" to="/about">
            About
          </Link>
          <Link className="hover:text-foreground hover:underline" to="/terms-of-service">
            Terms
          </Link>
          <Link className="hover:text-foreground hover:underline" to="/privacy-policy">
            Privacy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
