import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';

/** SPEC §4/§9: at most one toast is visible; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastData {
  id: string;
  open: boolean;
  title?: ReactNode;
  description?: ReactNode;
  /** Optional action element, e.g. a <ToastAction>. */
  action?: ReactElement;
  variant?: ToastVariant;
  /** Auto-close delay in ms (Radix default when absent). */
  duration?: number;
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

export interface ToastState {
  toasts: ToastData[];
}

export type ToastEvent =
  | { type: 'ADD_TOAST'; toast: ToastData }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

/** Pure state transition; timers live in the store below. */
export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case 'ADD_TOAST':
      return { toasts: [event.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === event.toast.id ? { ...t, ...event.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          event.toastId === undefined || t.id === event.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return { toasts: event.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== event.toastId) };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(event: ToastEvent): void {
  if (event.type === 'DISMISS_TOAST') {
    const ids = event.toastId === undefined ? state.toasts.map((t) => t.id) : [event.toastId];
    ids.forEach(scheduleRemoval);
  }
  state = toastReducer(state, event);
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (props: ToastInput) => void;
}

/** Shows a toast, replacing the one on screen (TOAST_LIMIT = 1). */
export function toast(input: ToastInput): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({ type: 'ADD_TOAST', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss,
    update: (props) => dispatch({ type: 'UPDATE_TOAST', toast: { ...props, id } }),
  };
}

export function dismissToast(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

export function getToastState(): ToastState {
  return state;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test helper: clears toasts and pending removal timers. */
export function resetToasts(): void {
  removeTimers.forEach((timer) => clearTimeout(timer));
  removeTimers.clear();
  state = { toasts: [] };
  listeners.forEach((listener) => listener());
}

export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
  return { ...current, toast, dismiss: dismissToast };
}
