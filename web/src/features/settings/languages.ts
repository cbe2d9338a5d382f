import { useMutation } from '@tanstack/react-query';
import { ocrLanguageName, userSchema, type User } from '@snapnotes/contracts';
import { apiRequest, errorMessage } from '../../lib/api-client.js';
import { useAuth } from '../../lib/session.js';
import { formatLanguageNames } from '../../lib/ocr-languages.js';
import { toast } from '../../lib/toast.js';

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
