import { WifiOff } from 'lucide-react';
import { cn } from '../lib/utils.js';

/**
 * Why a control is turned off while the device is offline (texts: lib/offline-reasons.ts). Give it an `id` and
 * point the control's `aria-describedby` at it, so a screen reader hears the reason with the disabled control.
 */
export function OfflineReason({ id, children, className }: { id: string; children: string; className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}>
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span id={id}>{children}</span>
    </p>
  );
}
