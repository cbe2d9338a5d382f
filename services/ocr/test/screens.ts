/**
 * Renders the HTML screens in ./screens with Debian's Chromium (playwright-core, never a downloaded browser) and
 * reads what a person sees on them: the main region's text, the navigation items and the heading.
 *
 * Each screen marks its parts: `data-main` (the content whose text the OCR must read), `data-nav` (navigation and
 * sidebar items, which must come out as lines of their own) and `data-heading` (the page's heading, if it has one).
 * `<meta name="snapnotes-screen" content="width=…,height=…,scale=…">` gives the viewport and device scale;
 * `data-skip` marks pictures that happen to hold letters (avatars' initials), which are not text to read.
 */
/// <reference lib="dom" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

export const SCREENS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screens');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Screen {
  name: string;
  png: Buffer;
  width: number;
  height: number;
  scale: number;
  /** Visible text of the `data-main` regions, in document order. */
  mainText: string;
  /** Text of every `data-nav` element. */
  navItems: string[];
  /** Text of the `data-heading` element, or null. */
  heading: string | null;
}

function viewportOf(html: string, file: string): { width: number; height: number; scale: number } {
  const m = /<meta\s+name="snapnotes-screen"\s+content="width=(\d+),height=(\d+),scale=(\d+(?:\.\d+)?)"\s*\/?>/.exec(
    html,
  );
  if (!m) throw new Error(`${file}: missing <meta name="snapnotes-screen" content="width=…,height=…,scale=…">`);
  return { width: Number(m[1]), height: Number(m[2]), scale: Number(m[3]) };
}

export function screenFiles(): string[] {
  return readdirSync(SCREENS_DIR)
    .filter((f) => f.endsWith('.html'))
    .sort();
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH. ` +
        'These tests render real pages and never download a browser.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      '--font-render-hinting=none',
    ],
  });
}

/** Renders one screen file (a name in ./screens, or an absolute path) to a PNG and reads its marked text. */
export async function renderScreen(browser: Browser, file: string): Promise<Screen> {
  const full = path.isAbsolute(file) ? file : path.join(SCREENS_DIR, file);
  const html = readFileSync(full, 'utf8');
  const { width, height, scale } = viewportOf(html, file);
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale });
  try {
    // Only the local file itself may load: every other request (fonts, images, trackers) is refused.
    await context.route('**/*', (route) =>
      route.request().url().startsWith('file://') ? route.continue() : route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    await page.goto(pathToFileURL(full).href, { waitUntil: 'load' });
    const png = await page.screenshot({ type: 'png' });
    // innerText leaves out list markers that the screenshot shows: write them into the items (after the shot).
    // Elements marked data-skip (avatars' initials) are pictures, not text to read.
    await page.evaluate(() => {
      document.querySelectorAll<HTMLElement>('[data-skip]').forEach((el) => (el.style.display = 'none'));
      document.querySelectorAll('ul').forEach((ul) => {
        if (getComputedStyle(ul).listStyleType === 'disc')
          ul.querySelectorAll(':scope > li').forEach((li) => li.prepend('• '));
      });
    });
    const mains = await page.locator('[data-main]').allInnerTexts();
    if (mains.length === 0) throw new Error(`${file}: no [data-main] region`);
    const navItems = (await page.locator('[data-nav]').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    const headings = await page.locator('[data-heading]').allInnerTexts();
    return {
      name: path.basename(file).replace(/\.html$/, ''),
      png,
      width,
      height,
      scale,
      mainText: mains.join('\n'),
      navItems,
      heading: headings[0]?.trim() || null,
    };
  } finally {
    await context.close();
  }
}
