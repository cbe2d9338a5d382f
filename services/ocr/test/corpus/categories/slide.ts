/** slide: a presentation slide (16:9) with a title, bullets and a footer. */
import { esc, fontStack, page, SANS, SERIF } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';

const DECKS: { deck: string; title: string; bullets: string[] }[] = [
  {
    deck: 'Q3 planning',
    title: 'What we shipped this quarter',
    bullets: [
      'Offline mode for the mobile app, used by {n}% of active users',
      'Search results load in under 300 ms for 95% of queries',
      'New onboarding flow cut drop-off in the first week by a third',
      'Shared notebooks now support comments and mentions',
      'Moved billing to the new payment provider without downtime',
      'Support backlog down from 410 tickets to {n}',
    ],
  },
  {
    deck: 'Biology 101, lecture 9',
    title: 'Cellular respiration at a glance',
    bullets: [
      'Glycolysis splits glucose into two pyruvate molecules in the cytoplasm',
      'The Krebs cycle runs in the mitochondrial matrix and releases CO2',
      'The electron transport chain builds a proton gradient across the inner membrane',
      'ATP synthase uses that gradient to make about 30 ATP per glucose',
      'Without oxygen, cells fall back on fermentation and make only 2 ATP',
      'Exam on chapters 8 and 9 is on the {n}th',
    ],
  },
  {
    deck: 'Onboarding',
    title: 'Your first week on the support team',
    bullets: [
      'Day 1: laptop setup, accounts and a tour of the help center',
      'Day 2: shadow a senior agent for the morning shift',
      'Day 3: answer your first email tickets with a buddy reviewing them',
      'Day 4: learn the escalation process for billing and outages',
      'Day 5: take live chat for two hours and join the weekly retro',
      'Ask questions early: nobody expects you to know everything yet',
    ],
  },
  {
    deck: 'City transit study',
    title: 'Why ridership fell on the east side',
    bullets: [
      'Buses on route 14 ran every 20 minutes instead of every 12',
      'Two stops near the hospital were closed during construction',
      'Average trip time grew by {n} minutes between 2021 and 2023',
      'Surveys show riders care more about frequency than new shelters',
      'Proposal: restore 12-minute service and add a late-night trip',
      'Estimated cost: 1.4 million dollars per year',
    ],
  },
  {
    deck: 'Kitchen renovation',
    title: 'Budget and timeline',
    bullets: [
      'Cabinets and countertops: 18,500 dollars, ordered in week 1',
      'Electrical and plumbing work: weeks 2 to 4',
      'Flooring goes in after the cabinets, around week {n}',
      'Keep a 10% reserve for surprises behind the walls',
      'Temporary kitchen in the garage with a hot plate and a fridge',
      'Final inspection scheduled before the holidays',
    ],
  },
];

const THEMES = [
  { name: 'white', bg: '#ffffff', title: '#1a3d7c', text: '#262626', band: null, muted: '#7a7a7a', accent: '#1a3d7c' },
  {
    name: 'navy band',
    bg: '#ffffff',
    title: '#ffffff',
    text: '#222222',
    band: '#1f2f4f',
    muted: '#6b7280',
    accent: '#f2a900',
  },
  { name: 'dark', bg: '#14181f', title: '#ffffff', text: '#d7dce3', band: null, muted: '#8a93a0', accent: '#4fb3ff' },
  { name: 'warm', bg: '#fbf6ee', title: '#8a2f1d', text: '#3b2f2a', band: null, muted: '#8c7b70', accent: '#d9822b' },
];

export function makeSlide(rng: Rng, index: number): SpecDraft {
  const deck = DECKS[(index + rng.int(0, 1)) % DECKS.length]!;
  const theme = THEMES[index % THEMES.length]!;
  const bullets = rng.sample(deck.bullets, rng.int(4, 5)).map((b) => b.replace('{n}', String(rng.int(12, 38))));
  const pageNo = rng.int(3, 24);
  const footer = `${deck.deck} · ${pageNo}`;
  const font = rng.pick([...SANS, ...SERIF]);
  const width = 1280;
  const height = 720;
  const css = `
body { background: ${theme.bg}; color: ${theme.text}; font-family: ${fontStack(font)}; }
.title { ${theme.band ? `background: ${theme.band};` : ''} color: ${theme.title}; font-size: 44px; font-weight: bold; padding: ${theme.band ? '44px 80px' : '70px 80px 20px'}; }
.rule { width: 120px; height: 6px; background: ${theme.accent}; margin: ${theme.band ? '0 80px' : '0 80px 10px'}; }
ul { margin: 34px 80px 0 80px; padding-left: 34px; font-size: 27px; line-height: 1.35; }
li { margin-bottom: 16px; }
li::marker { color: ${theme.accent}; }
.foot { position: absolute; left: 80px; right: 80px; bottom: 30px; color: ${theme.muted}; font-size: 17px; }`;
  const body = `<div class="title">${esc(deck.title)}</div>${theme.band ? '' : '<div class="rule"></div>'}
<ul>${bullets.map((b) => `<li>${esc(b)}</li>`).join('')}</ul>
<div class="foot">${esc(footer)}</div>`;
  return {
    note: `${deck.deck}, ${theme.name} theme, ${bullets.length} bullets`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale: 1,
    truth: [deck.title, ...bullets.map((b) => `• ${b}`), footer].join('\n'),
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'photo', 'jpeg', 'photo'])),
  };
}
