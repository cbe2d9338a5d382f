import { Link } from 'react-router-dom';
import { NotebookPen } from 'lucide-react';
import { PRODUCT_NAME } from '../lib/constants.js';
import { cn } from '../lib/utils.js';

export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn('inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight', className)}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <NotebookPen className="size-4" aria-hidden="true" />
      </span>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
