import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../lib/utils.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import { Button } from './ui/button.js';

/** The content column's width: one scale for every page. */
const WIDTHS = {
  narrow: 'max-w-2xl',
  default: 'max-w-3xl',
  wide: 'max-w-4xl',
  full: 'max-w-5xl',
} as const;

export interface PageShellProps {
  /** The content column's width; the header and footer line up with it. */
  width?: keyof typeof WIDTHS;
  /** Where the logo leads: the app for signed-in pages, the landing page elsewhere. */
  logoTo?: string;
  /** The header's actions (account menu, Home, About). */
  actions?: ReactNode;
  /** A "Back to …" link above the content. */
  back?: { to: string; label: string };
  /** A centred message page (not found, checkout results): no footer, the content in the middle. */
  centered?: boolean;
  /** Extra classes for <main> (spacing, a grid). */
  className?: string;
  children: ReactNode;
}

/** Every page's frame: the sticky header, <main> in the page's column, and the footer. */
export function PageShell({
  width = 'default',
  logoTo = '/',
  actions,
  back,
  centered = false,
  className,
  children,
}: PageShellProps) {
  const column = WIDTHS[width];
  return (
    <>
      <SiteHeader maxWidth={centered ? undefined : column} logoTo={logoTo}>
        {actions}
      </SiteHeader>
      <main
        className={cn(
          centered
            ? 'flex flex-1 flex-col items-center justify-center gap-4 px-4 py-12 text-center'
            : cn('mx-auto w-full flex-1 px-4 py-8 sm:px-6', column),
          className,
        )}
      >
        {back ? (
          <Button variant="ghost" size="sm" asChild className="-ml-2 self-start">
            <Link to={back.to}>
              <ArrowLeft aria-hidden="true" />
              {back.label}
            </Link>
          </Button>
        ) : null}
        {children}
      </main>
      {centered ? null : <SiteFooter maxWidth={column} />}
    </>
  );
}
