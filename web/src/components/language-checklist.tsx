import { MAX_OCR_LANGUAGES } from '@snapnotes/contracts';
import { canToggle, toggleLanguage } from '../lib/ocr-languages.js';
import { Checkbox } from './ui/checkbox.js';
import { Label } from './ui/label.js';

export interface LanguageChecklistProps {
  /** The languages the server offers. */
  languages: readonly { code: string; name: string }[];
  /** The checked codes, in the order they were chosen (1 to MAX_OCR_LANGUAGES). */
  selection: readonly string[];
  onChange: (selection: string[]) => void;
  /** What the list is for (the fieldset's legend, read by screen readers). */
  legend: string;
  /** Makes the checkbox ids unique on the page. */
  idPrefix: string;
  disabled?: boolean;
}

/**
 * The OCR languages as checkboxes, 1 to 3 checked (the last checked one stays, a fourth cannot be checked), with the
 * rule under them. Used by Settings ("Languages in my screenshots") and by a note's "Read again".
 */
export function LanguageChecklist({
  languages,
  selection,
  onChange,
  legend,
  idPrefix,
  disabled = false,
}: LanguageChecklistProps) {
  const hintId = `${idPrefix}-hint`;
  return (
    <div className="space-y-3">
      <fieldset aria-describedby={hintId} disabled={disabled}>
        <legend className="sr-only">{legend}</legend>
        <ul className="grid gap-3 sm:grid-cols-3">
          {languages.map(({ code, name }) => {
            const id = `${idPrefix}-${code}`;
            return (
              <li key={code} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={selection.includes(code)}
                  disabled={disabled || !canToggle(selection, code)}
                  onCheckedChange={(checked) => onChange(toggleLanguage(selection, code, checked === true))}
                />
                <Label htmlFor={id} className="font-normal">
                  {name}
                </Label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p id={hintId} className="text-sm text-muted-foreground">
        Choose 1 to {MAX_OCR_LANGUAGES} languages; at least one stays checked.
      </p>
    </div>
  );
}
