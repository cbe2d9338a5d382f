/**
 * The screenshots `pnpm bench:import` imports: generated screens (@snapnotes/testing/images renderScreenshot), each
 * with text of its own (a subject, a numbered heading and a few sentences drawn from a seeded PRNG) and a layout of
 * its own (width, height, text size, font, light or dark, chat bubbles or plain), so that none is a copy of another
 * for the product's duplicate check (DUPLICATE_CHECK stays on, as shipped) and each reads as a page of notes.
 */
import { renderScreenshot, type FontKind } from '@snapnotes/testing/images';
import { prng } from '@snapnotes/testing/random';

export interface Screen {
  name: string;
  data: Buffer;
}

const SUBJECTS = [
  'Photosynthesis',
  'The French Revolution',
  'Binary search',
  'Plate tectonics',
  'Supply and demand',
  'Cell respiration',
  'Hamlet',
  'Gravity',
  'The water cycle',
  'Roman roads',
  'Compound interest',
  'Vaccines',
  'The printing press',
  'Volcanoes',
  'Electric circuits',
  'The Silk Road',
] as const;

const SENTENCES = [
  'The first step happens in the morning meeting at {n} past nine.',
  'Remember that the figure rose by {n} percent over the last quarter.',
  'Chapter {n} explains how the whole process starts and ends.',
  'Bring the signed form and {n} copies of the summary on Friday.',
  'The experiment was repeated {n} times with the same result.',
  'Light energy is stored as chemical energy in the leaves.',
  'Trade routes carried silk, spices and ideas between cities.',
  'A sorted list lets the search skip half of the items each time.',
  'Prices fall when supply grows faster than demand.',
  'The reading list for week {n} adds two new articles.',
  'Each plate moves a few centimetres every year.',
  'Interest earned is added to the balance every month.',
  'The prince delays his revenge until the final act.',
  'Current flows from the battery through the bulb and back.',
  'Rain falls, rivers run to the sea, and water evaporates again.',
  'The lecture on {n} March covers the causes and the results.',
] as const;

const FONTS: readonly FontKind[] = ['sans', 'serif', 'mono'];

/** Screen `n` of a run: its lines and layout, the same on every run for the same `seed`. */
export function screenSpec(n: number, seed = 25) {
  const random = prng(seed * 100_003 + n);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const subject = SUBJECTS[n % SUBJECTS.length]!;
  const sentences = Array.from({ length: 3 + Math.floor(random() * 4) }, () =>
    pick(SENTENCES).replace('{n}', String(2 + Math.floor(random() * 97))),
  );
  return {
    lines: [`${subject}: notes ${n + 1}`, ...sentences],
    width: 900 + Math.floor(random() * 500),
    height: 760 + Math.floor(random() * 240),
    fontSize: 18 + Math.floor(random() * 6),
    font: pick(FONTS),
    dark: random() < 0.4,
    bubbles: random() < 0.3,
  };
}

/** `count` PNG screenshots, rendered a few at a time. */
export async function renderScreens(count: number, seed = 25): Promise<Screen[]> {
  const screens: Screen[] = new Array<Screen>(count);
  const render = async (n: number) => {
    const spec = screenSpec(n, seed);
    // A spec whose text does not fit (renderScreenshot refuses) gets a taller screen.
    for (let extra = 0; ; extra += 200) {
      try {
        const data = await renderScreenshot({ ...spec, height: spec.height + extra, format: 'png' });
        screens[n] = { name: `screen-${String(n + 1).padStart(4, '0')}.png`, data };
        return;
      } catch (err) {
        if (extra >= 1000 || !/need \d+px/.test((err as Error).message)) throw err;
      }
    }
  };
  for (let i = 0; i < count; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => render(i + j)));
  }
  return screens;
}
