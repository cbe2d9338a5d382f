/**
 * Page furniture: the lines of a screenshot that belong to the app or the page around the content rather than to
 * the content itself: status bars, slide counters, page numbers, time stamps and dates on their own, view and like
 * counts, "last seen", reading times, bylines, handles, button and menu labels, breadcrumbs, an editor's status
 * line. Cleaning keeps such a line apart (it never runs into a paragraph); the local summariser never makes a key
 * point, a title or a sentence of the detailed summary of it. Pure functions over one line of OCR text.
 */

export type FurnitureKind =
  | 'status bar'
  | 'counter'
  | 'page number'
  | 'date'
  | 'counts'
  | 'presence'
  | 'reading time'
  | 'byline'
  | 'handle'
  | 'controls'
  | 'breadcrumb'
  | 'editor'
  | 'email header'
  | 'contact';

/**
 * A clock time: 10:42, 10:42 AM, 21:07:33, 9.05 pm, 08h15; not a version (4.12.0) or a price (3.40).
 */
export const CLOCK_RE =
  /(?<![\d.,:])\b\d{1,2}(?::[0-5]\d(?::[0-5]\d)?(?:\s*[AaPp]\.?[Mm]\b\.?)?|\.[0-5]\d\s*[AaPp]\.?[Mm]\b\.?|h[0-5]\d)(?![\d.,:]?\d)(?!\w)/;
const CLOCK_G = new RegExp(CLOCK_RE.source, 'g');

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';
const DATE_G = new RegExp(
  `\\b(?:\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|\\d{1,2}(?:er|\\.)?\\s+(?:de\\s+)?(?:${MONTHS})\\.?(?:\\s+(?:de\\s+)?\\d{4})?|(?:${MONTHS})\\s+\\d{4})\\b`,
  'giu',
);
/** "3h", "2d ago", "5 min ago", "2 hours ago", "il y a 3 h", "vor 2 Std." */
const RELATIVE_G =
  /\b\d+\s*(?:s|m|h|d|w|y|mo|min|mins|hr|hrs|sec|secs|hours?|days?|weeks?|months?|years?|minutes?|std\.?|tage?n?|j|jours?|días?)\b(?:\s+ago)?|\bil y a\b|\bvor\b|\bhace\b/giu;
const DATE_WORDS = new Set(
  `updated released posted published modified last edited on by at le à am um uhr stand de del el mon tue wed thu fri
  sat sun monday tuesday wednesday thursday friday saturday sunday today yesterday heute gestern aujourd hui hier hoy
  ayer ago publié mis jour actualizado publicado veröffentlicht aktualisiert pst pdt est edt cst cdt utc gmt bst cet
  cest till`.split(/\s+/),
);

// prettier-ignore
/** Words of buttons, tabs and menus (lower case): a short line made only of them is controls. */
const CONTROL_WORDS = new Set(`
  reply replies share save saved follow following subscribe subscribed unsubscribe like likes comment comments repost
  reposts retweet quote send cancel sign signin login logout log in up out learn read more less show see load all view
  home explore notifications notification messages messaging message search compose inbox starred sent drafts spam
  trash archive forward delete edit edited settings profile menu print pin jump to recipe register get install open
  close back next previous prev continue done ok yes no submit apply download upload help file insert format data
  tools extensions go run terminal selection debug problems output console ports explorer raw copy blame code issues
  pull requests actions projects wiki security insights releases pricing docs documentation blog guides api community
  training about contact shop account billing members preview compare latest advertisement sponsored promoted ad
  trends for you who what's happening most popular related recommended member only story feedback helpful was this
  page helpful changes preferences manage browser in type a post your write add reactions react bookmark bookmarks
  lists communities premium verified grok jobs my network games apps arcade today discover library listen watch
  mail snoozed important scheduled outbox junk assets other others draw layout formulas review accueil rechercher recherche abonner partager commenter imprimer enregistrer répondre envoyer connexion
  startseite suche teilen kommentare kommentieren antworten senden speichern anmelden abonnieren nachricht drucken
  inicio buscar compartir guardar responder enviar comentar imprimir suscribirse mensaje recetas receta
  on off
`.trim().split(/\s+/));

/** Single characters OCR reads for icons (a magnifier as "Q", a back arrow as "<"). */
const ICON_TOKEN_RE = /^(?:[<>«»‹›×xXoOQeé©®@#+*|•·…:;,.!?()[\]{}"'’–—-]|[✓✔✗✕☰⋮⋯▲▼▶◀★☆♥♡❤👍]+)$/u;

function words(line: string): string[] {
  return line
    .replace(/[|·•–—]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Removes dates, clock times and relative times ("3h", "2 hours ago"); what is left, in words of letters. `date`
 * tells whether a date or a relative time was found (not only a clock time, which ends chat messages too).
 */
function withoutDates(line: string): { rest: string[]; found: boolean; date: boolean } {
  let found = false;
  let date = false;
  const stripped = line
    .replace(DATE_G, () => ((found = date = true), ' '))
    .replace(CLOCK_G, () => ((found = true), ' '))
    .replace(RELATIVE_G, () => ((found = date = true), ' '));
  // A table row with a date in it ("Aisha 25 12 13 4-15 Aug") is content: other numbers are left.
  if ((stripped.match(/\d+/g) ?? []).length > 1) return { rest: ['(numbers)', '(numbers)'], found, date };
  const rest = stripped
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w && /\p{L}/u.test(w) && !DATE_WORDS.has(w) && !/^(?:d|l|h)$/.test(w));
  return { rest, found, date };
}

/** A phone's status bar: a clock time with network, signal or battery marks and no words. */
export function isStatusBar(line: string): boolean {
  const t = line.trim();
  if (!CLOCK_RE.test(t)) return false;
  const rest = t.replace(CLOCK_G, ' ');
  const signal = /\b(?:LTE|[2345]G|E|H\+?|ull|ul|all|wifi)\b|\d{1,3}\s?%|[令⚡📶🔋]/iu.test(rest);
  const wordy = rest
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter((w) => /\p{L}{3,}/u.test(w) && !/^(?:ull|lte|wifi)$/i.test(w));
  return signal && wordy.length === 0;
}

const SLIDE_COUNTER_RE =
  /\b(?:slide|folie|diapositive|diapositiva)\s+\d+\s*(?:of|\/|von|sur|de)\s*\d+\b|(?:^|\s)\d{1,3}\s*\/\s*\d{1,3}\s*$/i;
const PAGE_NUMBER_RE =
  /^\s*(?:[-–—]\s*)?(?:(?:page|p\.|seite|página|pág\.)\s*)?\d{1,4}(?:\s*(?:of|\/|von|sur|de)\s*\d{1,4})?(?:\s*[-–—])?\s*$/i;
const COUNT_RE =
  /\b\d[\d.,]*\s*[KkMm]?\s+(?:views?|likes?|comments?|replies|reposts?|retweets?|shares?|quotes?|bookmarks?|followers?|following|ratings?|reviews?|members?|stars?|forks?|commits?|reactions?|votes?|upvotes?|kommentare|commentaires|comentarios|vues|aufrufe|vistas|j'aime|me gusta)\b/iu;
const READING_TIME_RE =
  /\b\d+\s*min(?:ute)?s?\.?\s+read\b|\blecture\s*:?\s*\d+\s*min|\blesezeit\b|\bmin(?:utos)?\.?\s+de\s+lectura\b|\btemps de lecture\b/iu;
const PRESENCE_RE =
  /^(?:last seen|zuletzt online|zuletzt gesehen|vu\b|en ligne|online|offline|typing|tippt|écrit|escribiendo|en línea|últ\. vez|delivered|read|seen|imessage|active now|aktiv)\b/iu;
const BYLINE_RE = /^(?:by|par|von|por|posted by|written by|geschrieben von|escrito por)\s+\p{Lu}/u;
const HANDLE_RE =
  /(?:^|[\s(·•])@[A-Za-z0-9_]{2,}|\b[ur]\/[A-Za-z0-9_]{2,}|^#[\p{L}\p{N}_-]+$|\s[•·*+-]\s*(?:1st|2nd|3rd\+?)$/u;
const EMAIL_HEADER_RE =
  /^to me\b|^(?:from|to|cc|bcc|date|sent|reply-to|von|an|datum|gesendet|de|à|para|fecha|enviado|envoyé)\s*:/iu;
const EMAIL_ADDRESS_RE = /<?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?/;
const CONTACT_RE = /^(?:tel|tél|phone|fax|telefon|teléfono)\.?\s*:?\s*[+\d][\d\s()./-]{5,}$/iu;
const EDITOR_RE =
  /^Ready\b.*\bAccessibility\b|\bLn\s*\d+,\s*Col\s*\d+\b|\b\d+\s+lines?\s+\(\d+\s+loc\)|\bUTF-8\b.*\b(?:LF|CRLF)\b/;
const STARS_RE = /[★☆]{2,}|^\s*\d(?:[.,]\d)?\s*[★☆]/u;
const FILE_RE =
  /[\w-]+\.(?:py|ts|tsx|js|jsx|mjs|cjs|go|rs|java|kt|rb|php|cs|cpp|cc|c|h|hpp|swift|sql|json|ya?ml|toml|md|html|css|scss|sh|vue|svelte)\b/g;

/** A line of buttons, tabs or menu items (and icon letters): every word is a control word. */
function isControls(line: string): boolean {
  const ws = words(line).map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu, ''));
  const real = words(line).filter((w) => !ICON_TOKEN_RE.test(w));
  if (real.length === 0 || real.length > 10) return false;
  return ws.every(
    (w, i) =>
      w === '' ||
      ICON_TOKEN_RE.test(words(line)[i]!) ||
      CONTROL_WORDS.has(w) ||
      /^\d[\d.,]*[km]?$/.test(w) ||
      /^#[\p{L}\p{N}_-]+$/u.test(w) ||
      w
        .replace(/^[ldsjnmc]['’]/, '')
        .split(/['’-]/)
        .every((p) => CONTROL_WORDS.has(p)),
  );
}

/**
 * What kind of page furniture a line is, or null for content. Cautious: a line is furniture only when it is short
 * and made of furniture (a sentence that mentions a date or a count is content).
 */
export function furnitureOf(line: string): FurnitureKind | null {
  const t = line.trim().replace(/\s+/g, ' ');
  if (!t) return null;
  const n = words(t).length;
  if (isStatusBar(t)) return 'status bar';
  if (n <= 10 && SLIDE_COUNTER_RE.test(t)) return 'counter';
  if (PAGE_NUMBER_RE.test(t)) return 'page number';
  if (n <= 16 && READING_TIME_RE.test(t)) return 'reading time';
  if (n <= 14 && COUNT_RE.test(t)) return 'counts';
  if (n <= 8 && STARS_RE.test(t)) return 'counts';
  if (/^[\s\d.,:%·•KkMm▲▼↑↓+()OoQ×-]+$/u.test(t) && /\d/.test(t)) return 'counts';
  if (n <= 8 && PRESENCE_RE.test(t)) return 'presence';
  if (n <= 12 && EDITOR_RE.test(t)) return 'editor';
  if (EMAIL_HEADER_RE.test(t) && !/^subject\s*:/i.test(t)) return 'email header';
  if (n <= 10 && EMAIL_ADDRESS_RE.test(t) && !/[.!?]$/.test(t)) return 'email header';
  if (CONTACT_RE.test(t)) return 'contact';
  if (n <= 8 && HANDLE_RE.test(t)) return 'handle';
  if (n <= 12 && BYLINE_RE.test(t) && !/[.!?]$/.test(t)) return 'byline';
  if (n <= 14 && ((t.match(/\s[>›»]\s/g) ?? []).length >= 2 || (t.match(/\s\/\s/g) ?? []).length >= 2))
    return 'breadcrumb';
  if (n <= 8 && (t.match(FILE_RE) ?? []).length >= 2) return 'editor';
  if (isControls(t)) return 'controls';
  // A date with a word or two ("Released May 6, 2025"); a clock time alone ("Today 8:02 AM", not "Sure 10:42").
  const { rest, found, date } = withoutDates(t);
  if (found && n <= 10 && (rest.length === 0 || (date && rest.length <= 1))) return 'date';
  return null;
}

/** File names in a line ("billing_service.py", "useCart.ts"). */
export function fileNamesIn(line: string): string[] {
  return line.match(FILE_RE) ?? [];
}

/** Read ticks after a message's time, as drawn and as OCR reads them ("✓✓", "vv", "v/", "//"). */
export const TICKS_RE = /(?:[✓✔]+|vv|VV|v\/|\/v|\/\/|W)$/u;

/** A chat bubble's time on a line of its own ("17:45 vv"), wrapped below the message. */
export const BARE_MESSAGE_TIME_RE = new RegExp(`^\\s*${CLOCK_RE.source}\\s*(?:[✓✔]+|vv|VV|v/|/v|//|W)?\\s*$`, 'u');

/** A chat bubble's end: a clock time, maybe with read ticks ("… tonight? 17:40", "17:41 ✓✓"). */
export const MESSAGE_TIME_RE = new RegExp(`\\s*${CLOCK_RE.source}\\s*(?:[✓✔]+|vv|VV|v/|/v|//|W)?\\s*$`, 'u');
