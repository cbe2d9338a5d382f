import { lazy, Suspense } from 'react';
import { AlertTriangle, WifiOff } from 'lucide-react';
import { PageShell } from '../../components/page-shell.js';
import { UserMenu } from '../../components/user-menu.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ImportEntry } from '../../features/import/import-entry.js';
import { ImportProvider, useImports } from '../../features/import/import-provider.js';
import { ImportTray } from '../../features/import/import-tray.js';
import { NotesList } from '../../features/notes/notes-list.js';
import { UploadSection } from '../../features/upload/upload-section.js';
import { isStandInUser, useAuth } from '../../lib/session.js';
import { useOnline } from '../../lib/use-online.js';

/** The plans panel, loaded only when an upload needs a subscription (it is not part of /app's first load). */
const UpgradePanel = lazy(() =>
  import('../../features/subscription/upgrade-panel.js').then((m) => ({ default: m.UpgradePanel })),
);

const renderUpgrade = (panel: { title: string; description: string; onDismiss: () => void }) => (
  <Suspense fallback={<Spinner label="Loading plans" />}>
    <UpgradePanel {...panel} />
  </Suspense>
);

/**
 * /app: header with the account menu, the upload section (with "Import many", issue 25), then 'Your Notes' and a
 * footer (SPEC §2); the imports' tray over the page.
 */
export function AppPage() {
  return (
    <ImportProvider>
      <AppPageContent />
    </ImportProvider>
  );
}

function AppPageContent() {
  const { user } = useAuth();
  const online = useOnline();
  const { start } = useImports();
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
        renderUpgrade={renderUpgrade}
        bulkImport={{
          entry: ({ disabled, describedBy }) => <ImportEntry disabled={disabled} describedBy={describedBy} />,
          start,
        }}
      />
      <NotesList />
      <ImportTray renderUpgrade={renderUpgrade} />
    </PageShell>
  );
}
