import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Note } from '@snapnotes/contracts';
import { apiRequest, errorMessage } from '../../lib/api-client.js';
import { useAuth } from '../../lib/auth.js';
import { queryKeys } from '../../lib/query-keys.js';
import { toast } from '../../lib/toast.js';
import { NOT_LOGGED_IN_MESSAGE } from '../../lib/constants.js';

export function useDeleteNote() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (noteId: number) => {
      if (!user) throw new Error(NOT_LOGGED_IN_MESSAGE);
      await apiRequest('DELETE', `/api/notes/${noteId}`);
      return noteId;
    },
    onSuccess: (noteId) => {
      if (user) {
        queryClient.setQueryData<Note[] | null>(queryKeys.notes(user.id), (notes) =>
          notes ? notes.filter((note) => note.id !== noteId) : notes,
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.notes(user.id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.statistics(user.id) });
      }
      toast({ title: 'Note deleted', description: 'The note has been removed.' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Delete failed',
        description: errorMessage(error, 'Failed to delete the note. Please try again.'),
      });
    },
  });
}

export function useUpdateNoteTitle() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ noteId, title }: { noteId: number; title: string }) => {
      if (!user) throw new Error(NOT_LOGGED_IN_MESSAGE);
      const res = await apiRequest('PATCH', `/api/notes/${noteId}/title`, { title });
      return { noteId, title, note: (await res.json().catch(() => null)) as Partial<Note> | null };
    },
    onSuccess: ({ noteId, title, note }) => {
      if (user) {
        const saved = typeof note?.title === 'string' ? note.title : title;
        queryClient.setQueryData<Note[] | null>(queryKeys.notes(user.id), (notes) =>
          notes ? notes.map((n) => (n.id === noteId ? { ...n, title: saved } : n)) : notes,
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.notes(user.id) });
      }
      toast({ title: 'Title updated', description: 'Your note title has been saved.' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: errorMessage(error, 'Failed to update note title. Please try again.'),
      });
    },
  });
}
