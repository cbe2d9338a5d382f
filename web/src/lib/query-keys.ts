/**
 * Every query key in one place. The first element is the URL the default query function GETs (SPEC §7);
 * the user id is part of it, so one user's cached data is never shown to another.
 */
export const queryKeys = {
  notes: (userId: number) => [`/api/notes/${userId}`] as const,
  statistics: (userId: number) => [`/api/statistics/${userId}`] as const,
  remainingUploads: (userId: number) => [`/api/user/${userId}/remaining-uploads`] as const,
  subscription: (userId: number) => [`/api/user/${userId}/subscription`] as const,
  /** Not per user: the languages the server reads in screenshots (public). */
  ocrLanguages: () => ['/api/ocr-languages'] as const,
};

/** The four per-user queries refetched after an upload or a purchase. */
export function userDataKeys(userId: number): ReadonlyArray<readonly [string]> {
  return [
    queryKeys.notes(userId),
    queryKeys.statistics(userId),
    queryKeys.remainingUploads(userId),
    queryKeys.subscription(userId),
  ];
}
