import { useMutation } from '@tanstack/react-query';
import {
  MAX_OCR_LANGUAGES,
  MIN_OCR_LANGUAGES,
  ocrLanguageName,
  userSchema,
  type OcrLanguagesResponse,
  type User,
} from '@snapnotes/contracts';
import { apiRequest, errorMessage } from '../../lib/api-client.js';
import { useAuth } from '../../lib/session.js';
import { formatLanguageNames } from '../../lib/ocr-languages.js';
import { toast } from '../../lib/toast.js';

/**
 * The languages shown checked: the user's choice (those the server still offers), else the server's defaults,
 * else the first language it offers.
 */
export function savedSelection(chosen: readonly string[] | null | undefined, offered: OcrLanguagesResponse): string[] {
  const codes = new Set(offered.languages.map((l) => l.code));
  const keep = (list: readonly string[]) => [...new Set(list)].filter((code) => codes.has(code));
  const fromUser = keep(chosen ?? []);
  if (fromUser.length > 0) return fromUser.slice(0, MAX_OCR_LANGUAGES);
  const fromDefaults = keep(offered.defaults);
  if (fromDefaults.length > 0) return fromDefaults.slice(0, MAX_OCR_LANGUAGES);
  return offered.languages.slice(0, 1).map((l) => l.code);
}

/** Whether this language's box can be clicked: the last checked one stays, and at most 3 can be checked. */
export function canToggle(selection: readonly string[], code: string): boolean {
  return selection.includes(code) ? selection.length > MIN_OCR_LANGUAGES : selection.length < MAX_OCR_LANGUAGES;
}

/** The selection after a click: a checked language goes to the end (the first chosen stays first). */
export function toggleLanguage(selection: readonly string[], code: string, checked: boolean): string[] {
  if (!canToggle(selection, code)) return [...selection];
  return checked ? [...selection.filter((c) => c !== code), code] : selection.filter((c) => c !== code);
}

/** Same languages, whatever the order. */
export function sameLanguages(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}

/**
 * PATCH /api/user/{userId}/settings with the chosen languages; on success the signed-in user's record is replaced
 * by the server's and 'Languages saved' is toasted, on failure 'Could not save languages' with the reason.
 */
export function useSaveLanguages(userId: number) {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: async (ocrLanguages: string[]): Promise<User> => {
      const res = await apiRequest('PATCH', `/api/user/${userId}/settings`, { ocrLanguages });
      const parsed = userSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new Error('Invalid response from server');
      return parsed.data;
    },
    onSuccess: (user, sent) => {
      updateUser(user);
      const names = (user.ocrLanguages ?? sent).map(ocrLanguageName);
      toast({ title: 'Languages saved', description: `${formatLanguageNames(names)} will be read first.` });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Could not save languages',
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
  });
}
