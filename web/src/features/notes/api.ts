import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { reprocessNoteResponseSchema, type Note, type NoteChanges } from '@snapnotes/contracts';
import { apiRequest, errorMessage } from '../../lib/api-client.js';
import { useAuth } from '../../lib/session.js';
import { queryKeys } from '../../lib/query-keys.js';
import { toast } from '../../lib/toast.js';
import { NOT_LOGGED_IN_MESSAGE } from '../../lib/constants.js';
import type { NotesPage } from '../../lib/user-data.js';

/** What a notes query caches: the whole list (an array) or pages (the list, a search). */
type CachedNotes = Note[] | InfiniteData<NotesPage> | null | undefined;

/**
 * Applies a change to every cached copy of the user's notes (the whole list, the list's pages, each search's
 * pages) without fetching: `edit` returns the new note, or null to remove it.
 */
function editCachedNotes(client: QueryClient, userId: number, edit: <T extends Note>(note: T) => T | null): void {
  const apply = <T extends Note>(notes: readonly T[]): T[] =>
    notes.flatMap((note) => {
      const next = edit(note);
      return next ? [next] : [];
    });
  client.setQueriesData<CachedNotes>({ queryKey: queryKeys.notes(userId) }, (data) => {
    if (!data) return data;
    if (Array.isArray(data)) return apply(data);
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: apply(page.items) })) };
  });
}

export function useDeleteNote() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the request fails at once and says so, rather than waiting (a spinner) for a connection.
    networkMode: 'always',
    mutationFn: async (noteId: number) => {
      if (!user) throw new Error(NOT_LOGGED_IN_MESSAGE);
      await apiRequest('DELETE', `/api/notes/${noteId}`);
      return noteId;
    },
    onSuccess: (noteId) => {
      if (user) {
        editCachedNotes(queryClient, user.id, (note) => (note.id === noteId ? null : note));
        // Keyset cursors stay valid without the note: the loaded pages are not fetched again (they are when next
        // used, e.g. on focus). The count comes from the statistics.
        void queryClient.invalidateQueries({ queryKey: queryKeys.notes(user.id), refetchType: 'none' });
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
    // Offline the request fails at once: the title field keeps what was typed (editable-title.tsx).
    networkMode: 'always',
    mutationFn: async ({ noteId, title }: { noteId: number; title: string }) => {
      if (!user) throw new Error(NOT_LOGGED_IN_MESSAGE);
      const res = await apiRequest('PATCH', `/api/notes/${noteId}/title`, { title });
      return { noteId, title, note: (await res.json().catch(() => null)) as Partial<Note> | null };
    },
    onSuccess: ({ noteId, title, note }) => {
      if (user) {
        const saved = typeof note?.title === 'string' ? note.title : title;
        editCachedNotes(queryClient, user.id, (note) => (note.id === noteId ? { ...note, title: saved } : note));
        void queryClient.invalidateQueries({ queryKey: queryKeys.notes(user.id), refetchType: 'none' });
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

/**
 * Sets a note's tags (PUT /api/notes/{id}/tags, issue 25): the server normalises them and answers the note, which
 * replaces the cached copies. Filtered lists and the filter options are fetched again when next used.
 */
export function useUpdateNoteTags() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ noteId, tags }: { noteId: number; tags: string[] }) => {
      if (!user) throw new Error(NOT_LOGGED_IN_MESSAGE);
      const res = await apiRequest('PUT', `/api/notes/${noteId}/tags`, { tags });
      const note = (await res.json().catch(() => null)) as Partial<Note> | null;
      return { noteId, tags: Array.isArray(note?.tags) ? note.tags : tags };
    },
    onSuccess: ({ noteId, tags }) => {
      if (user) {
        editCachedNotes(queryClient, user.id, (note) => (note.id === noteId ? { ...note, tags } : note));
        void queryClient.invalidateQueries({ queryKey: queryKeys.notes(user.id), refetchType: 'none' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.noteFilterOptions(user.id) });
      }
      toast({ title: 'Tags updated', description: 'Your note’s tags have been saved.' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Could not update the tags',
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
  });
}

/** A server from before the reply said what changed answers the note alone: taken as changed. */
const replySchema = reprocessNoteResponseSchema.partial({ changed: true });

/** What "Read again" says, from what the server says the new reading changed (DECISIONS "Read again"). */
export function readAgainToast(changed: NoteChanges | undefined): { title: string; description: string } {
  if (changed && !changed.text && !changed.summary && !changed.title) {
    return { title: 'Nothing changed', description: 'The note already matches its images.' };
  }
  if (changed && !changed.text) {
    return { title: 'Note read again', description: 'The text is the same; the summary has been rewritten.' };
  }
  return { title: 'Note read again', description: 'Its text and summary have been updated.' };
}

/**
 * "Read again" (POST /api/notes/{id}/reprocess): the server reads the note's stored images again, in `languages` when
 * given (else the user's), and rewrites its text and summary, keeping its id (and its title if the user renamed it).
 * The request stays open while it runs; the new note replaces the old one in every cached list.
 */
export function useReadAgain(noteId: number) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['read-again', noteId],
    networkMode: 'always',
    mutationFn: async (languages: string[] | undefined) => {
      if (!user) throw new Error(NOT_LOGGED_IN_MESSAGE);
      const res = await apiRequest('POST', `/api/notes/${noteId}/reprocess`, languages ? { languages } : {});
      const parsed = replySchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new Error('Invalid response from server');
      const { changed, ...note } = parsed.data;
      return { note: note as Note, changed };
    },
    onSuccess: ({ note: updated, changed }) => {
      if (user) {
        editCachedNotes(queryClient, user.id, (note) => (note.id === updated.id ? { ...note, ...updated } : note));
        // Searches ranked the old text: they are fetched again when next used. Word counts changed.
        void queryClient.invalidateQueries({ queryKey: queryKeys.notes(user.id), refetchType: 'none' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.statistics(user.id) });
      }
      toast(readAgainToast(changed));
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Could not read the note again',
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
  });
}
