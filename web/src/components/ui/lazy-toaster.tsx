import { lazy, Suspense, useState } from 'react';
import { useToast } from '../../lib/toast.js';

const Toaster = lazy(() => import('./toaster.js').then((m) => ({ default: m.Toaster })));

/**
 * The Toaster, loaded with the first toast: its Radix primitives are not part of the first page load (the landing
 * page's JavaScript budget). A toast shown while it loads is in the store and appears as soon as it has.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
