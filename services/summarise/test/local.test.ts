import sharp from 'sharp';
import { type Summariser, type SummaryDraft, VerdictError } from '@snapnotes/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { summaryText } from '../src/local/blocks.js';
import { colourName } from '../src/describe.js';
import { detectLanguage } from '../src/language.js';
import { createLocalSummariser } from '../src/local.js';
import { headingTitle } from '../src/local/title.js';
import { drawingImage, graphicImage, photoImage } from './images.js';
import { recordingLogger } from './logger.js';
import { chatTranscript, codeSnippet, frenchNotes, hyphenatedBullets, lectureNotes, longArticle } from './samples.js';

let summariser: Summariser;

beforeAll(async () => {
  summariser = await createLocalSummariser({ logger: recordingLogger() });
});

async function summarise(...texts: string[]): Promise<SummaryDraft> {
  const pages = texts.map((t, i) => ({ fileName: `page-${i + 1}.png`, text: summaryText({ text: t }) }));
  return summariser.summarise({ pages, premium: false, language: detectLanguage(pages.map((p) => p.text).join('\n')) });
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

function expectWellFormed(d: SummaryDraft): void {
  expect(d.engine).toBe('local');
  expect(d.title.length).toBeGreaterThan(0);
  expect(d.title.length).toBeLessThanOrEqual(80);
  expect(d.title).not.toMatch(/untitled/i);
  expect(d.keyPoints.length).toBeGreaterThanOrEqual(1);
  expect(d.keyPoints.length).toBeLessThanOrEqual(6);
  expect(new Set(d.keyPoints.map((k) => k.toLowerCase())).size).toBe(d.keyPoints.length);
  for (const k of d.keyPoints) expect(k.length).toBeLessThanOrEqual(160);
  expect(d.detailedSummary.trim().length).toBeGreaterThan(0);
}

describe('local summarise', () => {
  it('lecture notes: the topic heading as title, ranked sentences and the list as key points, structure kept', async () => {
    const d = await summarise(lectureNotes);
    expectWellFormed(d);
    expect(d.title).toBe('Photosynthesis');
    expect(d.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(d.keyPoints[0]).toMatch(/^Photosynthesis is the process/);
    expect(d.keyPoints).toContain(
      'Factors that affect the rate of photosynthesis: light intensity, carbon dioxide concentration and temperature',
    );
    // Headings and the list survive, in order.
    const s = d.detailedSummary;
    expect(s.indexOf('Light-dependent reactions')).toBeGreaterThan(0);
    expect(s.indexOf('The Calvin cycle')).toBeGreaterThan(s.indexOf('Light-dependent reactions'));
    expect(s).toContain('- Light intensity\n- Carbon dioxide concentration');
    expect(s).toMatch(/^BIOL 101 - Lecture 7$/m);
  });

  it('a long article: 3–6 key points in reading order, and a detailed summary that is not a copy', async () => {
    const d = await summarise(longArticle);
    expectWellFormed(d);
    expect(d.title).toBe('Remote work has changed how teams communicate');
    expect(d.keyPoints.length).toBeGreaterThanOrEqual(4);
    const cleaned = summaryText({ text: longArticle });
    const positions = d.keyPoints.map((k) => cleaned.indexOf(k.replace(/…$/, '')));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(words(d.detailedSummary)).toBeLessThan(words(cleaned) * 0.6);
    expect(words(d.detailedSummary)).toBeGreaterThan(80);
    // Covers the text from start to end, in order, in more than one paragraph.
    expect(d.detailedSummary.split('\n\n').length).toBeGreaterThanOrEqual(2);
    const sentences = d.detailedSummary.split(/(?<=\.)\s+/);
    const at = sentences.map((s) => cleaned.indexOf(s.trim()));
    expect(at.every((p) => p >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(at[0]).toBe(0);
    expect(at[at.length - 1]).toBeGreaterThan(cleaned.indexOf('Productivity data remains mixed'));
  });

  it('a chat transcript: names the participants, quotes messages with their speaker from both sides', async () => {
    const d = await summarise(chatTranscript);
    expectWellFormed(d);
    expect(d.title).toBe('Chat with Alice and Bob');
    expect(d.keyPoints.every((k) => /^(Alice|Bob): /.test(k))).toBe(true);
    expect(d.keyPoints.some((k) => k.startsWith('Bob: '))).toBe(true);
    expect(d.keyPoints.some((k) => k.startsWith('Alice: '))).toBe(true);
    expect(d.detailedSummary).toMatch(/^A chat between Alice and Bob with 5 messages from 10:42 AM to 10:47 AM\./);
    expect(d.detailedSummary).toContain('- Bob: Sure, will do');
  });

  it('a code snippet: its language, definitions with parameters, what it does, and the code fenced', async () => {
    const d = await summarise(codeSnippet);
    expectWellFormed(d);
    expect(d.title).toBe('How to debounce a function in JavaScript');
    expect(d.keyPoints).toEqual([
      'JavaScript code, 9 lines',
      'Defines debounce(fn, wait) and onResize',
      'The handler runs once the user has stopped resizing for 200 ms.',
      'Calls clearTimeout, setTimeout, console.log and window.addEventListener',
    ]);
    expect(d.detailedSummary).toContain('```js\nfunction debounce(fn, wait) {\n  let timer;');
    expect(d.detailedSummary).toContain("window.addEventListener('resize', onResize);\n```");
  });

  it('Python code: names with parameters, docstrings, imports, the entry point kept in the fenced code', async () => {
    const d = await summarise(
      [
        'import csv',
        'from decimal import Decimal',
        '',
        'def invoice_total(rows, tax_rate):',
        '    """Adds up the unit_price of every row and applies the tax rate."""',
        '    subtotal = sum(Decimal(r["unit_price"]) * int(r["qty"]) for r in rows)',
        '    return subtotal * (1 + tax_rate)',
        '',
        'if __name__ == "__main__":',
        '    with open("orders.csv") as f:',
        '        print(invoice_total(csv.DictReader(f), Decimal("0.2")))',
      ].join('\n'),
    );
    expect(d.keyPoints[0]).toBe('Python code, 9 lines');
    expect(d.keyPoints).toContain('Defines invoice_total(rows, tax_rate)');
    expect(d.keyPoints).toContain('Adds up the unit_price of every row and applies the tax rate.');
    expect(d.keyPoints).toContain('Imports csv and decimal');
    expect(d.detailedSummary).toContain('```python\n');
    expect(d.detailedSummary).toContain('if __name__ == "__main__":');
  });

  it('code without a heading gets a title naming what it defines', async () => {
    const d = await summarise(codeSnippet.split('\n').slice(1, 10).join('\n'));
    expect(d.title).toBe('JavaScript code: debounce, onResize');
  });

  it('a bullet list with hyphenation: items re-joined, kept as a list, and used as key points', async () => {
    const d = await summarise(hyphenatedBullets);
    expectWellFormed(d);
    expect(d.title).toBe('Shopping list for the weekend trip');
    expect(d.keyPoints).toContain('Book the campsite before Thursday');
    expect(d.detailedSummary).toContain(
      '- Sleeping bags and two inflatable mattresses\n- A well-known brand of insect repellent',
    );
    expect(d.detailedSummary).toContain('1. Book the campsite before Thursday\n2. Check the weather forecast');
  });

  it('non-English text: summarised with the language-neutral analyser, in its own language', async () => {
    const d = await summarise(frenchNotes);
    expectWellFormed(d);
    expect(d.title).toBe('La Révolution française');
    expect(d.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(d.keyPoints.every((k) => summaryText({ text: frenchNotes }).includes(k.replace(/…$/, '')))).toBe(true);
  });

  it('text in a non-Latin script gets a title and key points from its own sentences', async () => {
    const text =
      '光合作用是植物利用光能把二氧化碳和水转化为葡萄糖的过程。它主要发生在叶绿体中。光反应产生ATP和NADPH。卡尔文循环利用这些能量固定二氧化碳。温度和光照强度会影响光合作用的速率。';
    const d = await summariser.summarise({ pages: [{ fileName: 'zh.png', text }], premium: false, language: null });
    expectWellFormed(d);
    expect(d.title.startsWith('光合作用是植物利用光能')).toBe(true);
    expect(d.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(d.keyPoints.every((k) => text.includes(k.replace(/…$/, '')))).toBe(true);
  });

  it('several pages are each covered, in page order', async () => {
    const d = await summarise(lectureNotes, longArticle);
    expectWellFormed(d);
    expect(d.title).toBe('Photosynthesis and Remote work has changed how teams communicate');
    expect(d.detailedSummary.indexOf('Calvin cycle')).toBeLessThan(d.detailedSummary.indexOf('Remote work'));
    expect(d.keyPoints.some((k) => /photosynthesis|light|carbon/i.test(k))).toBe(true);
    expect(d.keyPoints.some((k) => /remote|team|office|work/i.test(k))).toBe(true);
  });

  it('a text of 80 words or more gets a summary of at most 60% of its words, in its language', async () => {
    // Short paragraphs, each of whose best sentence used to be kept: the summary was the article again.
    const article = [
      'La mairie de Lyon a présenté mardi son plan pour les pistes cyclables. Le projet coûtera douze millions.',
      'Quarante kilomètres de voies nouvelles seront ouverts avant la fin de 2026. Les travaux commencent en mars.',
      'Les commerçants du centre craignent une baisse de fréquentation. Ils demandent des places de livraison.',
      'Les associations de cyclistes saluent un progrès attendu depuis longtemps. Elles veulent plus de parkings à vélos.',
      "L'opposition juge le calendrier trop lent. Un débat public aura lieu le douze février à l'hôtel de ville.",
    ].join('\n\n');
    const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
    expect(words(article)).toBeGreaterThanOrEqual(80);
    const d = await summariser.summarise({
      pages: [{ fileName: 'fr.png', text: article }],
      premium: false,
      language: 'fra',
    });
    expect(words(d.detailedSummary)).toBeLessThanOrEqual(Math.floor(words(article) * 0.6));
    expect(d.detailedSummary).toMatch(/pistes cyclables|kilomètres/);
  });

  it('a slide gives every bullet its own key point, never two merged', async () => {
    const d = await summarise(
      [
        'LECTURE 9: MARKET STRUCTURES',
        '• Perfect competition has many sellers of identical goods',
        '• A monopoly has one seller and high barriers to entry',
        '• An oligopoly has a few large firms that watch each other',
        '• Monopolistic competition mixes product differences with free entry',
        'Slide 14/32',
      ].join('\n'),
    );
    expect(d.keyPoints).toEqual([
      'Perfect competition has many sellers of identical goods',
      'A monopoly has one seller and high barriers to entry',
      'An oligopoly has a few large firms that watch each other',
      'Monopolistic competition mixes product differences with free entry',
    ]);
  });

  it('a single sentence gives a single key point, and a long sentence never becomes a long title', async () => {
    const one = await summarise(
      'Remember to submit the lab report on the enzyme kinetics experiment by Friday at noon, including the raw absorbance data, the Lineweaver-Burk plot and a discussion of the sources of error.',
    );
    expect(one.keyPoints).toHaveLength(1);
    expect(one.title.length).toBeLessThanOrEqual(80);
    expect(one.title.length).toBeGreaterThan(10);
    expect(one.detailedSummary).toContain('Lineweaver-Burk plot');
  });

  it('rejects a request whose pages are empty after cleaning', async () => {
    await expect(
      summariser.summarise({ pages: [{ fileName: 'x.png', text: '|\n—' }], premium: false, language: null }),
    ).rejects.toThrow(/Nothing to summarise/);
  });
});

/** OCR text of a docs page: the nav bar and the sidebar come first, the article's large heading after them. */
const docsPage = `DevDocs Guides API Blog Sign in

Getting started
Installation
Caching strategies
Rate limits
Webhooks
FAQ

Caching strategies for REST APIs
Updated March 3, 2025 - 6 min read
Caching reduces latency and load on your servers. The simplest approach is to set the Cache-
Control header so that browsers and CDNs can reuse responses for a fixed time.
• Use ETag headers so clients can revalidate cheaply.
• Never cache responses that contain personal data in a shared cache.
Cache-Control: public, max-age=3600
For data that changes often, prefer short lifetimes combined with stale-while-revalidate.`;

describe('local summarise: the heading OCR found', () => {
  async function withHeading(text: string, heading: string | undefined): Promise<SummaryDraft> {
    const pages = [{ fileName: 'docs.png', text: summaryText({ text }), ...(heading ? { heading } : {}) }];
    return summariser.summarise({ pages, premium: false, language: 'eng' });
  }

  it("is the title when the page has one, instead of the sidebar's first item", async () => {
    // Without it, the headline above the article's date; the sidebar is a menu.
    expect((await withHeading(docsPage, undefined)).title).toBe('Caching strategies for REST APIs');
    expect((await withHeading(docsPage.replace(/^Updated.*$/m, ''), undefined)).title).toBe(
      'Caching strategies for REST APIs',
    );
    const d = await withHeading(docsPage, 'Caching strategies for REST APIs');
    expectWellFormed(d);
    expect(d.title).toBe('Caching strategies for REST APIs');
  });

  it('is tidied like any heading (capitals, trailing colon)', async () => {
    const text = `PHOTOSYNTHESIS: THE LIGHT REACTIONS\nLight is absorbed by chlorophyll in the thylakoid membranes.`;
    expect((await withHeading(text, 'PHOTOSYNTHESIS: THE LIGHT REACTIONS:')).title).toBe(
      'Photosynthesis: the Light Reactions',
    );
  });

  it('is ignored when it is not sensible: not in the text, a clock time, mostly digits', async () => {
    for (const heading of ['Something the page does not say', '10:42 AM', '12 345 678', 'ab']) {
      expect(headingTitle(heading, docsPage)).toBeNull();
      expect((await withHeading(docsPage, heading)).title).toBe('Caching strategies for REST APIs');
    }
    expect(headingTitle(undefined, docsPage)).toBeNull();
    expect(headingTitle('  Caching   strategies for REST APIs ', docsPage)).toBe('Caching strategies for REST APIs');
  });

  it('of each page names the note when there are two', async () => {
    const pages = [
      { fileName: 'a.png', text: summaryText({ text: lectureNotes }) },
      { fileName: 'b.png', text: summaryText({ text: docsPage }), heading: 'Caching strategies for REST APIs' },
    ];
    const d = await summariser.summarise({ pages, premium: false, language: 'eng' });
    expect(d.title).toBe('Photosynthesis and Caching strategies for REST APIs');
  });
});

describe('local describe', () => {
  const image = (fileName: string, data: Buffer, width: number, height: number, contentType = 'image/png') => ({
    fileName,
    data,
    contentType,
    width,
    height,
  });

  it('a photo: orientation, size, photo-like, colours named in plain words', async () => {
    const d = await summariser.describe({
      images: [image('beach.jpg', await photoImage(320, 200), 320, 200, 'image/jpeg')],
      premium: false,
    });
    expect(d.engine).toBe('local');
    expect(d.title).toBe('Photo with blue and green tones');
    expect(d.keyPoints[0]).toBe('Landscape image, 320 × 200 pixels');
    expect(d.keyPoints[1]).toMatch(/^Looks like a photograph/);
    expect(d.keyPoints[2]).toMatch(/^Dominant colours: blue \(\d+%\) and green \(\d+%\)$/);
    expect(d.keyPoints.some((k) => /^Medium brightness overall/.test(k))).toBe(true);
    expect(d.detailedSummary).toContain('No readable text was found');
  });

  it('a dark photo is called dark', async () => {
    const d = await summariser.describe({
      images: [image('night.jpg', await photoImage(320, 200, { dark: true }), 320, 200, 'image/jpeg')],
      premium: false,
    });
    expect(d.title).toMatch(/^Dark photo with /);
    expect(d.keyPoints.some((k) => /^Very dark overall/.test(k))).toBe(true);
  });

  it('a flat graphic and a line drawing are told apart from photos', async () => {
    const g = await summariser.describe({
      images: [image('logo.png', await graphicImage(400), 400, 400)],
      premium: false,
    });
    expect(g.title).toBe('Graphic in navy and red');
    expect(g.keyPoints[0]).toBe('Square image, 400 × 400 pixels');
    expect(g.keyPoints[1]).toMatch(/^Looks like a graphic or illustration: flat areas of \d main colours$/);

    const dr = await summariser.describe({
      images: [image('sketch.png', await drawingImage(300, 500), 300, 500)],
      premium: false,
    });
    expect(dr.title).toBe('Drawing or diagram in mostly white');
    expect(dr.keyPoints[0]).toBe('Portrait image, 300 × 500 pixels');
  });

  it('several images: one key point per image and a paragraph each', async () => {
    const d = await summariser.describe({
      images: [
        image('beach.jpg', await photoImage(), 320, 200, 'image/jpeg'),
        image('logo.png', await graphicImage(), 400, 400),
      ],
      premium: false,
    });
    expect(d.title).toBe('2 images: 1 photo and 1 graphic');
    expect(d.keyPoints[0]).toBe('2 images without readable text');
    expect(d.keyPoints[1]).toMatch(/^beach\.jpg: landscape photo, 320 × 200, blue and green/);
    expect(d.keyPoints[2]).toMatch(/^logo\.png: square graphic, 400 × 400, navy and red/);
    expect(d.detailedSummary).toMatch(/beach\.jpg\nIt is a landscape image/);
    expect(d.detailedSummary).toMatch(/logo\.png\nIt is a square image/);
  });

  it('an image that cannot be decoded yields the nothing-extracted verdict', async () => {
    const err = await summariser
      .describe({ images: [image('broken.png', Buffer.from('not an image at all'), 10, 10)], premium: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VerdictError);
    expect((err as VerdictError).verdict.code).toBe('NOTHING_EXTRACTED');
    expect((err as VerdictError).verdict.reason).toBe(
      'No text was found, and the image could not be read to describe it.',
    );
  });

  it('blank or tiny images yield the nothing-extracted verdict; real content among them is still described', async () => {
    const flat = (w: number, h: number, colour: string) =>
      sharp({ create: { width: w, height: h, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const blanks = [
      image('pixel.png', await flat(1, 1, '#ffffff'), 1, 1),
      image('white.png', await flat(800, 600, '#ffffff'), 800, 600),
      image('navy.png', await flat(400, 400, '#1e293b'), 400, 400),
    ];
    const err = await summariser.describe({ images: blanks, premium: false }).catch((e: unknown) => e);
    expect((err as VerdictError).verdict?.code).toBe('NOTHING_EXTRACTED');
    expect((err as VerdictError).verdict?.reason).toBe(
      'No text was found, and the images are blank or too small to describe.',
    );

    const withPhoto = await summariser.describe({
      images: [...blanks, image('beach.jpg', await photoImage(), 320, 200)],
      premium: false,
    });
    expect(withPhoto.title).toMatch(/photo/i);
  });
});

describe('colourName', () => {
  it('names colours in plain words', () => {
    expect(colourName(255, 255, 255)).toBe('white');
    expect(colourName(0, 0, 0)).toBe('black');
    expect(colourName(128, 128, 128)).toBe('grey');
    expect(colourName(220, 30, 30)).toBe('red');
    expect(colourName(30, 160, 60)).toBe('green');
    expect(colourName(40, 90, 220)).toBe('blue');
    expect(colourName(20, 30, 90)).toBe('navy');
    expect(colourName(250, 200, 20)).toBe('yellow');
    expect(colourName(240, 140, 20)).toBe('orange');
    expect(colourName(120, 70, 30)).toBe('brown');
    expect(colourName(140, 60, 200)).toBe('purple');
    expect(colourName(250, 150, 200)).toBe('pink');
  });
});
