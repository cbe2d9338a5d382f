import type { ReactNode } from 'react';
import { cn } from '../lib/utils.js';
import { Logo } from './logo.js';

/** Sticky top bar: the product name on the left, page actions on the right. */
export function SiteHeader({
  children,
  logoTo = '/',
  maxWidth = 'max-w-5xl',
}: {
  children?: ReactNode;
  logoTo?: string;
  /** Tailwind max-width class matching the page's content column. */
  maxWidth?: string;
}) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className={cn('mx-auto flex h-14 items-center justify-between gap-4 px-4 sm:px-6', maxWidth)}>
        <Logo to={logoTo} />
        {children ? (
          <nav aria-label="Main" className="flex items-center gap-2">
            {children}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
