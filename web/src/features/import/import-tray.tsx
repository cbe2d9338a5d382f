/**
 * The import tray (issue 25): fixed at the bottom of the screen (bottom left on a wide screen, where no toast shows),
 * one card per import being sent, running or finished in the last 24 hours and not closed. It comes back after a
 * reload from `GET /api/imports?active=1`, and follows each running import again.
 */
import { useState, type ReactNode } from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog.js';
import { Progress } from '../../components/ui/progress.js';
import { useAuth } from '../../lib/session.js';
import { ImportCard } from './import-card.js';
import { useImports, type ImportSend } from './import-provider.js';
import { TEXTS } from './texts.js';
import { useActiveImports } from './use-imports.js';

export interface ImportTrayProps {
  /** The plans (the subscription feature's panel, handed in by the page), shown for "Upgrade to import the rest". */
  renderUpgrade: (panel: { title: string; description: string; onDismiss: () => void }) => ReactNode;
}

function SendCard({ send }: { send: ImportSend }) {
  const { retrySend, dismissSend } = useImports();
  const title = TEXTS.sending(send.files.length);
  return (
    <li aria-label={title} className="space-y-2 rounded-lg border bg-card p-3 text-card-foreground shadow-lg">
      <div className="flex items-center gap-2">
        {send.error ? (
          <AlertCircle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        ) : (
          <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
        )}
        <h2 className="text-sm font-semibold">{send.error ? TEXTS.sendFailedTitle : title}</h2>
      </div>
      {send.error ? (
        <div role="alert" className="space-y-2 text-sm">
          <p>{send.error}</p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => retrySend(send.key)}>
              {TEXTS.tryAgain}
            </Button>
            <Button size="sm" variant="outline" onClick={() => dismissSend(send.key)}>
              {TEXTS.dismiss}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Progress value={send.percent} aria-label="Sending progress" />
          <p className="text-xs text-muted-foreground tabular-nums">{TEXTS.sendingDetail(send.percent)}</p>
        </>
      )}
    </li>
  );
}

export function ImportTray({ renderUpgrade }: ImportTrayProps) {
  const { user } = useAuth();
  const userId = user?.id;
  const { sends, dismissed, dismiss } = useImports();
  const { data: imports } = useActiveImports(userId);
  const [upgrade, setUpgrade] = useState(false);
  const shown = (imports ?? []).filter((i) => !dismissed.has(i.id));
  if (!userId || (sends.length === 0 && shown.length === 0)) return null;

  return (
    <section
      aria-label={TEXTS.trayLabel}
      className="fixed inset-x-3 bottom-3 z-40 sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-96"
      data-testid="import-tray"
    >
      <ul className="flex max-h-[70vh] flex-col gap-2 overflow-y-auto">
        {sends.map((send) => (
          <SendCard key={send.key} send={send} />
        ))}
        {shown.map((summary) => (
          <ImportCard
            key={summary.id}
            userId={userId}
            summary={summary}
            onUpgrade={() => setUpgrade(true)}
            onClose={() => dismiss(summary.id)}
          />
        ))}
      </ul>
      <Dialog open={upgrade} onOpenChange={setUpgrade}>
        <DialogContent className="max-w-2xl border-0 bg-transparent p-0 shadow-none" aria-describedby={undefined}>
          <DialogTitle className="sr-only">{TEXTS.upgradeTitle}</DialogTitle>
          {renderUpgrade({
            title: TEXTS.upgradeTitle,
            description: TEXTS.upgradeDescription,
            onDismiss: () => setUpgrade(false),
          })}
        </DialogContent>
      </Dialog>
    </section>
  );
}
