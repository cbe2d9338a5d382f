import { useState } from 'react';
import { Languages, Loader2 } from 'lucide-react';
import { MAX_OCR_LANGUAGES, type User } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { Label } from '../../components/ui/label.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useOcrLanguages } from '../../lib/ocr-languages.js';
import { canToggle, sameLanguages, savedSelection, toggleLanguage, useSaveLanguages } from './languages.js';

const TITLE_ID = 'languages-title';
const HINT_ID = 'languages-hint';

/**
 * "Languages in my screenshots": the languages the server offers as checkboxes, 1 to 3 checked, saved with the
 * button. Shows the user's saved choice, or the server's defaults when they have not chosen.
 */
export function LanguagesCard({ user }: { user: User }) {
  const offered = useOcrLanguages();
  const save = useSaveLanguages(user.id);
  /** null: untouched, the saved languages are shown. */
  const [draft, setDraft] = useState<string[] | null>(null);

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
            <fieldset aria-describedby={HINT_ID} disabled={save.isPending}>
              <legend className="sr-only">Languages in my screenshots</legend>
              <ul className="grid gap-3 sm:grid-cols-3">
                {data.languages.map(({ code, name }) => {
                  const id = `ocr-language-${code}`;
                  return (
                    <li key={code} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={selection.includes(code)}
                        disabled={save.isPending || !canToggle(selection, code)}
                        onCheckedChange={(checked) => setDraft(toggleLanguage(selection, code, checked === true))}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {name}
                      </Label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <p id={HINT_ID} className="text-sm text-muted-foreground">
              Choose 1 to {MAX_OCR_LANGUAGES} languages; at least one stays checked.
            </p>
            <Button onClick={submit} disabled={!changed || save.isPending}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {save.isPending ? 'Saving...' : 'Save languages'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
