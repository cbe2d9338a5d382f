import { AlertTriangle } from 'lucide-react';
import { SiteFooter } from '../../components/site-footer.js';
import { SiteHeader } from '../../components/site-header.js';
import { UserMenu } from '../../components/user-menu.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { NotesList } from '../../features/notes/notes-list.js';
import { UploadSection } from '../../features/upload/upload-section.js';
import { useAuth } from '../../lib/auth.js';
import { isStandInUser } from '../../lib/server-user.js';

/** /app: header with the account menu, the upload section, then 'Your Notes' and a footer (SPEC §2). */
export function AppPage() {
  const { user } = useAuth();
  return (
    <>
      <SiteHeader maxWidth="max-w-3xl" logoTo="/app">
        <UserMenu />
      </SiteHeader>
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-10 px-4 py-8 sm:px-6">
        <h1 className="sr-only">SnapNotes</h1>
        {isStandInUser(user) ? (
          <Alert>
            <AlertTriangle aria-hidden="true" />
            <AlertTitle>Limited mode</AlertTitle>
            <AlertDescription>
              The server could not load your account, so some features are unavailable. Try again later.
            </AlertDescription>
          </Alert>
        ) : null}
        <UploadSection />
        <NotesList />
      </main>
      <SiteFooter maxWidth="max-w-3xl" />
    </>
  );
}
