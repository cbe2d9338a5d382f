import { lazy, Suspense } from 'react';
import { AlertTriangle, WifiOff } from 'lucide-react';
import { PageShell } from '../../components/page-shell.js';
import { UserMenu } from '../../components/user-menu.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Spinner } from '../../components/ui/spinner.js';
import { NotesList } from '../../features/notes/notes-list.js';
import { UploadSection } from '../../features/upload/upload-section.js';
import { isStandInUser, useAuth } from '../../lib/session.js';
import { useOnline } from '../../lib/use-online.js';

/** The plans panel, loaded only when an upload needs a subscription (it is not part of /app's first load). */
const UpgradePanel = lazy(() =>
  import('../../features/subscription/upgrade-panel.js').then((m) => ({ default: m.UpgradePanel })),
);

/** /app: header with the account menu, the upload section, then 'Your Notes' and a footer (SPEC §2). */
export function AppPage() {
  const { user } = useAuth();
  const online = useOnline();
  return (
    <PageShell logoTo="/app" actions={<UserMenu />} className="space-y-10">
      <h1 className="sr-only">SnapNotes</h1>
      {!online ? (
        <Alert>
          <WifiOff aria-hidden="true" />
          <AlertTitle>You&apos;re offline</AlertTitle>
          <AlertDescription>
            Showing the notes saved on this device. Uploads and changes need a connection.
          </AlertDescription>
        </Alert>
      ) : null}
      {isStandInUser(user) ? (
        <Alert>
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>Limited mode</AlertTitle>
          <AlertDescription>
            The server could not load your account, so some features are unavailable. Try again later.
          </AlertDescription>
        </Alert>
      ) : null}
      <UploadSection
        renderUpgrade={(panel) => (
          <Suspense fallback={<Spinner label="Loading plans" />}>
            <UpgradePanel {...panel} />
          </Suspense>
        )}
      />
      <NotesList />
    </PageShell>
  );
}
