import { useId, useState } from 'react';
import { Languages, Loader2 } from 'lucide-react';
import type { User } from '@snapnotes/contracts';
import { LanguageChecklist } from '../../components/language-checklist.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { OfflineReason } from '../../components/offline-reason.js';
import { OFFLINE_REASONS } from '../../lib/offline-reasons.js';
import { useOnline } from '../../lib/use-online.js';
import { sameLanguages, savedSelection, useOcrLanguages } from '../../lib/ocr-languages.js';
import { useSaveLanguages } from './languages.js';

const TITLE_ID = 'languages-title';

/**
 * "Languages in my screenshots": the languages the server offers as checkboxes, 1 to 3 checked, saved with the
 * button. Shows the user's saved choice, or the server's defaults when they have not chosen.
 */
export function LanguagesCard({ user }: { user: User }) {
  const offered = useOcrLanguages();
  const save = useSaveLanguages(user.id);
  /** null: untouched, the saved languages are shown. */
  const [draft, setDraft] = useState<string[] | null>(null);
  const online = useOnline();
  const offlineId = useId();

  const data = offered.data ?? null;
  const saved = data ? savedSelection(user.ocrLanguages, data) : [];
  const selection = draft ?? saved;
  const changed = !sameLanguages(selection, saved);

  const submit = () => {
    save.mutate(selection, { onSuccess: () => setDraft(null) });
  };

  return (
    <Card aria-labelledby={TITLE_ID} role="region">
      <CardHeader>
        <CardTitle id={TITLE_ID} className="flex items-center gap-2">
          <Languages className="size-4" aria-hidden="true" />
          Languages in my screenshots
        </CardTitle>
        <CardDescription>
          SnapNotes detects the language of each screenshot; choose the ones you usually capture so it reads them first.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {offered.isPending ? (
          <div className="grid gap-3 sm:grid-cols-3" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-28" />
            ))}
          </div>
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Could not load the languages. Please try again later.</p>
        ) : (
          <>
            <LanguageChecklist
              languages={data.languages}
              selection={selection}
              onChange={setDraft}
              legend="Languages in my screenshots"
              idPrefix="ocr-language"
              disabled={save.isPending}
            />
            <Button
              onClick={submit}
              disabled={!changed || save.isPending || !online}
              aria-describedby={online ? undefined : offlineId}
            >
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {save.isPending ? 'Saving...' : 'Save languages'}
            </Button>
            {/* The choice made offline stays: it can be saved once the connection is back. */}
            {!online ? <OfflineReason id={offlineId}>{OFFLINE_REASONS.languages}</OfflineReason> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
