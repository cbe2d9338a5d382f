import type { ReactNode } from 'react';
import { Logo } from './logo.js';

/** Sticky top bar: the product name on the left, page actions on the right. */
export function SiteHeader({ children, logoTo = '/' }: { children?: ReactNode; logoTo?: string }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo to={logoTo} />
        {children ? <nav aria-label="Main" className="flex items-center gap-2">{children}</nav> : null}
      </div>
    </header>
  );
}
