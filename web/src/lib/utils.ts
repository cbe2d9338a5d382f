import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Merges Tailwind class lists, later classes winning (shadcn/ui convention). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Avatar initials (SPEC §5): the first letters of the display-name words, up to 2 characters,
 * or the first 2 letters of the email when there is no display name.
 */
export function getInitials(displayName: string | null | undefined, email?: string | null): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
  }
  const fromEmail = Array.from((email ?? '').trim())
    .slice(0, 2)
    .join('');
  return fromEmail.toUpperCase();
}

/** Thousands-separated number, e.g. 12345 → "12,345". */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** Formats an ISO date for display, e.g. "Apr 11, 2025". Returns '' for missing or invalid dates. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
