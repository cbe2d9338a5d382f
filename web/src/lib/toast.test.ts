import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  getToastState,
  resetToasts,
  toast,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toastReducer,
} from './toast.js';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast visible: a new one replaces the older', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'First' });
    const second = toast({ title: 'Second', variant: 'destructive' });
    const { toasts } = getToastState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'Second', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast and removes it only after 1,000,000 ms', () => {
    const handle = toast({ title: 'Saved', description: 'Done' });
    handle.dismiss();
    expect(getToastState().toasts[0]).toMatchObject({ id: handle.id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('dismisses every toast when no id is given and updates a toast in place', () => {
    const handle = toast({ title: 'Uploading' });
    handle.update({ title: 'Uploaded' });
    expect(getToastState().toasts[0]?.title).toBe('Uploaded');
    dismissToast();
    expect(getToastState().toasts.every((t) => !t.open)).toBe(true);
  });
});

describe('toastReducer', () => {
  it('removes one toast by id or all of them', () => {
    const base = {
      toasts: [
        { id: 'a', open: true },
        { id: 'b', open: false },
      ],
    };
    expect(toastReducer(base, { type: 'REMOVE_TOAST', toastId: 'a' }).toasts.map((t) => t.id)).toEqual(['b']);
    expect(toastReducer(base, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});
