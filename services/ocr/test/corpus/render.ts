/**
 * Renders a spec's HTML with Debian's Chromium (never a downloaded browser) and checks that everything in the
 * truth is visible: no text clipped by a box or the viewport, no text under a positioned bar or footer.
 */
import type { Browser } from 'playwright-core';
import type { CorpusSpec } from './types.js';

/** Bump to re-render every cached page (e.g. after a change of how pages are rendered). */
export const RENDER_VERSION = 1;

/**
 * Lists problems with the rendered page, for a person (empty when every text is visible). Plain JavaScript in a
 * string: a function compiled by tsx or Vitest may call helpers (`__name`) that do not exist in the page.
 */
const VISIBILITY_CHECK = `(() => {
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className) : '');
  const all = [...document.querySelectorAll('body, body *')];
  for (const el of all) {
    const cs = getComputedStyle(el);
    const clips = cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
    if (clips && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)) {
      problems.push(name(el) + ' overflows (' + el.scrollWidth + 'x' + el.scrollHeight + ' in ' + el.clientWidth + 'x' + el.clientHeight + ')');
    }
  }
  const overlays = all.filter((el) => ['absolute', 'fixed'].includes(getComputedStyle(el).position));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || (node.parentElement && node.parentElement.closest('svg, style'))) continue;
    range.selectNodeContents(node);
    const text = node.textContent.trim().slice(0, 30);
    for (const r of range.getClientRects()) {
      if (r.width === 0) continue;
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        problems.push('"' + text + '" is outside the viewport');
      }
      for (const o of overlays) {
        if (o.contains(node)) continue;
        const b = o.getBoundingClientRect();
        if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
          problems.push('"' + text + '" is under ' + name(o));
        }
      }
    }
  }
  return [...new Set(problems)];
})()`;

export async function renderSpec(browser: Browser, spec: CorpusSpec): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width: spec.width, height: spec.height },
    deviceScaleFactor: spec.scale,
  });
  try {
    // Nothing may load from outside: the pages are self-contained.
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await page.setContent(spec.html, { waitUntil: 'load' });
    await page.evaluate('document.fonts.ready.then(() => true)');
    const problems = (await page.evaluate(VISIBILITY_CHECK)) as string[];
    if (problems.length > 0) throw new Error(`${spec.id}: text not fully visible: ${problems.slice(0, 5).join('; ')}`);
    return await page.screenshot({ type: 'png' });
  } finally {
    await context.close();
  }
}
