/**
 * Screens for the notes rubric: each corpus item's text drawn as the kind of screen it comes from (a phone for
 * chats and phone pages, a dark theme for dark chats and editors, monospace code, the heading large), rendered by
 * Debian's Chromium (playwright-core; never a downloaded browser), so that real OCR can read it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { RubricItem } from '@snapnotes/summarise/rubric';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--hide-scrollbars'],
  });
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const PHONE = new Set(['chat-light', 'chat-dark']);
const DARK = new Set(['chat-dark', 'code-editor']);
const STATUS_BAR_RE = /^\d{1,2}:\d{2}\s+.*(?:%|LTE|[345]G)\s*$/;

/** The page as HTML: one line of text per printed line, the heading's lines large and bold. */
export function screenHtml(item: RubricItem): { html: string; width: number; height: number; scale: number } {
  const phone = PHONE.has(item.kind) || STATUS_BAR_RE.test(item.text.split('\n')[0] ?? '');
  const dark = DARK.has(item.kind);
  const code = item.kind === 'code-editor';
  const heading = (item.heading ?? '').toLowerCase();
  const lines = item.text.split('\n').map((line, i) => {
    const t = line.trim();
    if (!t) return '<div class="gap"></div>';
    if (i === 0 && STATUS_BAR_RE.test(t)) return `<div class="status">${escape(t)}</div>`;
    const big = heading && t.length >= 3 && heading.includes(t.toLowerCase());
    return `<div class="${big ? 'h' : 'l'}">${escape(code ? line : t)}</div>`;
  });
  const width = phone ? 390 : 1100;
  const height = Math.max(phone ? 844 : 700, 60 + lines.length * 34);
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; padding: 20px 24px; background: ${dark ? '#1e1f22' : '#ffffff'}; color: ${dark ? '#e3e3e3' : '#1f2328'};
      font-family: ${code ? '"DejaVu Sans Mono", monospace' : '"DejaVu Sans", "Liberation Sans", sans-serif'}; font-size: 16px; }
    .l { line-height: 1.5; white-space: ${code ? 'pre' : 'normal'}; }
    .h { font-size: 30px; font-weight: 700; line-height: 1.3; margin: 6px 0; }
    .status { font-size: 13px; display: flex; justify-content: space-between; margin-bottom: 10px; }
    .gap { height: 12px; }
  </style></head><body>${lines.join('\n')}</body></html>`;
  return { html, width, height, scale: phone ? 2 : 1 };
}

/** Renders one item's screen to a PNG. */
export async function renderItem(browser: Browser, item: RubricItem): Promise<Buffer> {
  const { html, width, height, scale } = screenHtml(item);
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale });
  try {
    await context.route('**/*', (route) =>
      route.request().url().startsWith('data:') ? route.continue() : route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.screenshot({ type: 'png', fullPage: true });
  } finally {
    await context.close();
  }
}
