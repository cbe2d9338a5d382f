import { useQuery } from '@tanstack/react-query';
import type { Note, RemainingUploads, Statistics, SubscriptionResponse } from '@snapnotes/contracts';
import { queryKeys } from './query-keys.js';
import { userDataQueryOptions } from './query-client.js';

/** Free uploads assumed when the server does not say (SPEC §3, §9). */
export const DEFAULT_REMAINING_UPLOADS = 1;

export interface Quota {
  /** Infinity for subscribers (the gateway sends null). */
  remainingUploads: number;
  hasSubscription: boolean;
  /** Monthly free allowance, when the server tells it. */
  limit: number | null;
  resetsAt: string | null;
}

/** Normalises the remaining-uploads reply: null → Infinity (unlimited), absent → 1. */
export function toQuota(data: Partial<RemainingUploads> | null | undefined): Quota {
  const raw = data?.remainingUploads;
  return {
    remainingUploads: raw === null ? Infinity : typeof raw === 'number' ? raw : DEFAULT_REMAINING_UPLOADS,
    hasSubscription: data?.hasSubscription === true,
    limit: typeof data?.limit === 'number' ? data.limit : null,
    resetsAt: typeof data?.resetsAt === 'string' ? data.resetsAt : null,
  };
}

/** True when the client must block an upload: no uploads left and no subscription (SPEC §5). */
export function isOutOfUploads(quota: Quota | undefined): boolean {
  return quota !== undefined && !quota.hasSubscription && quota.remainingUploads <= 0;
}

function enabledFor(userId: number | undefined): userId is number {
  // The stand-in user (id -1) exists only when the server is unreachable: nothing to load for it.
  return typeof userId === 'number' && userId > 0;
}

export function useNotes(userId: number | undefined) {
  return useQuery<Note[] | null>({
    queryKey: queryKeys.notes(userId ?? 0),
    enabled: enabledFor(userId),
    ...userDataQueryOptions,
  });
}

export function useStatistics(userId: number | undefined) {
  return useQuery<Statistics | null>({
    queryKey: queryKeys.statistics(userId ?? 0),
    enabled: enabledFor(userId),
    ...userDataQueryOptions,
  });
}

export function useQuota(userId: number | undefined) {
  return useQuery<Partial<RemainingUploads> | null, Error, Quota>({
    queryKey: queryKeys.remainingUploads(userId ?? 0),
    enabled: enabledFor(userId),
    select: toQuota,
    ...userDataQueryOptions,
  });
}

export function useSubscription(userId: number | undefined) {
  return useQuery<SubscriptionResponse | null>({
    queryKey: queryKeys.subscription(userId ?? 0),
    enabled: enabledFor(userId),
    ...userDataQueryOptions,
  });
}
