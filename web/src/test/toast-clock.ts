import { getToastState, subscribeToasts } from '../lib/toast.js';

/**
 * Records the moment a toast with this title is added, from the toast store itself. Tests that check a timed
 * redirect measure from here: a `waitFor` that notices the toast on a later poll would start the clock late
 * and make the wait look shorter than it was.
 */
export function toastClock(title: string): { readonly at: number | undefined; stop: () => void } {
  let at: number | undefined;
  const stop = subscribeToasts(() => {
    if (at === undefined && getToastState().toasts.some((t) => t.title === title)) at = Date.now();
  });
  return {
    get at() {
      return at;
    },
    stop,
  };
}
