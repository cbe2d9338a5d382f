/** phone: a phone screenshot (390×844 at 2× or 3×) with a status bar: notes, to-do list, bank account, recipe. */
import { ARTICLE_TOPICS } from '../content/prose.js';
import { MONTHS } from '../content/names.js';
import { esc, fontStack, money, page, SANS } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';
import { statusBar, statusBarCss, statusBarTruth } from './phone-chrome.js';

interface Screen {
  name: string;
  html: string;
  truth: string[];
  css: string;
}

function notes(rng: Rng): Screen {
  const topic = rng.pick(ARTICLE_TOPICS);
  const title = rng.pick(['Meeting notes', 'Ideas for the weekend', 'Reading notes', 'Things to remember']);
  const date = `${rng.pick(MONTHS)} ${rng.int(1, 28)}, ${rng.int(2023, 2025)} at ${rng.int(1, 12)}:${String(rng.int(0, 59)).padStart(2, '0')} PM`;
  const four = rng.sample(topic.sentences, 4);
  const paras = [four.slice(0, 2).join(' '), four.slice(2).join(' ')];
  return {
    name: 'notes',
    css: `.date { color: #8e8e93; font-size: 13px; text-align: center; margin: 6px 0 14px; }
h1 { font-size: 28px; margin: 0 20px 10px; } p { margin: 0 20px 14px; line-height: 1.4; }`,
    html: `<div class="date">${esc(date)}</div><h1>${esc(title)}</h1>${paras.map((p) => `<p>${esc(p)}</p>`).join('')}`,
    truth: [date, title, ...paras],
  };
}

function todo(rng: Rng): Screen {
  const title = rng.pick(['Groceries', 'This week', 'Moving checklist', 'Trip packing']);
  const items = rng.sample(
    [
      'Call the dentist to move the appointment',
      'Pay the electricity bill',
      'Pick up the package at the post office',
      'Buy milk, eggs and coffee',
      'Renew the passport before June',
      'Email the landlord about the heating',
      'Book train tickets for the 14th',
      'Return library books',
      'Water the plants on the balcony',
      'Send the photos to Grandma',
      'Charge the camera batteries',
    ],
    rng.int(7, 9),
  );
  const done = items.map(() => rng.chance(0.3));
  const count = `${items.length - done.filter(Boolean).length} remaining`;
  return {
    name: 'to-do',
    css: `h1 { font-size: 32px; margin: 10px 20px 2px; color: #0a60d0; } .count { color: #8e8e93; margin: 0 20px 16px; }
.it { display: flex; gap: 14px; align-items: center; padding: 12px 20px; border-bottom: 1px solid #e5e5ea; }
.c { width: 22px; height: 22px; border: 2px solid #c7c7cc; border-radius: 50%; flex: none; } .done .c { background: #0a60d0; border-color: #0a60d0; }
.done span { color: #8e8e93; }`,
    html: `<h1>${esc(title)}</h1><div class="count">${esc(count)}</div>${items
      .map((t, i) => `<div class="it${done[i] ? ' done' : ''}"><div class="c"></div><span>${esc(t)}</span></div>`)
      .join('')}`,
    truth: [title, count, ...items],
  };
}

function bank(rng: Rng): Screen {
  const balance = `$${money(rng.int(120000, 980000) / 100)}`;
  const merchants = [
    'Whole Foods Market',
    'Shell',
    'Netflix',
    'City Water Utility',
    'Target',
    'Uber',
    'Pharmacy Plus',
    'Blue Bottle Coffee',
    'Payroll Deposit',
    'Amazon',
    'Hardware Depot',
  ];
  let day = rng.int(18, 28);
  const month = rng.pick(MONTHS).slice(0, 3);
  const rows = rng.sample(merchants, 8).map((m) => {
    day = Math.max(1, day - rng.int(0, 2));
    const amount =
      m === 'Payroll Deposit' ? `+$${money(rng.int(180000, 320000) / 100)}` : `-$${money(rng.int(350, 18000) / 100)}`;
    return { m, date: `${month} ${day}`, amount };
  });
  return {
    name: 'bank',
    css: `.bal { margin: 14px 20px 22px; } .bal div { color: #6b7280; font-size: 14px; } .bal b { font-size: 34px; }
h2 { font-size: 18px; margin: 0 20px 6px; } .tx { display: flex; justify-content: space-between; padding: 11px 20px; border-bottom: 1px solid #eeeeee; }
.tx small { display: block; color: #8e8e93; font-size: 13px; margin-top: 2px; }`,
    html: `<div class="bal"><div>Available balance</div><b>${esc(balance)}</b></div><h2>Recent activity</h2>${rows
      .map(
        (r) => `<div class="tx"><div>${esc(r.m)}<small>${esc(r.date)}</small></div><div>${esc(r.amount)}</div></div>`,
      )
      .join('')}`,
    truth: ['Available balance', balance, 'Recent activity', ...rows.flatMap((r) => [`${r.m}\t${r.amount}`, r.date])],
  };
}

function recipe(rng: Rng): Screen {
  const dish = rng.pick([
    'Lemon herb chicken',
    'Weeknight vegetable curry',
    'Tomato and white bean soup',
    'Banana oat pancakes',
  ]);
  const serves = `Serves ${rng.int(2, 6)} · ${rng.int(20, 55)} minutes`;
  const ingredients = rng.sample(
    [
      '2 tablespoons olive oil',
      '1 onion, finely chopped',
      '3 cloves garlic',
      '400 g canned tomatoes',
      '1 cup vegetable stock',
      '2 teaspoons ground cumin',
      '1 lemon, zest and juice',
      '200 g spinach',
      '1 can white beans, drained',
      'Salt and pepper to taste',
      '2 ripe bananas',
      '1 cup rolled oats',
    ],
    rng.int(6, 8),
  );
  return {
    name: 'recipe',
    css: `.hero { height: 170px; background: linear-gradient(135deg, #f9d423, #e65c00); }
h1 { font-size: 26px; margin: 16px 20px 4px; } .sub { color: #6b7280; margin: 0 20px 14px; }
h2 { font-size: 18px; margin: 0 20px 8px; } li { margin: 0 0 8px; } ul { margin: 0 20px; padding-left: 22px; }`,
    html: `<div class="hero"></div><h1>${esc(dish)}</h1><div class="sub">${esc(serves)}</div><h2>Ingredients</h2><ul>${ingredients
      .map((i) => `<li>${esc(i)}</li>`)
      .join('')}</ul>`,
    truth: [dish, serves, 'Ingredients', ...ingredients.map((i) => `• ${i}`)],
  };
}

const SCREENS = [notes, todo, bank, recipe];

export function makePhone(rng: Rng, index: number): SpecDraft {
  const screen = SCREENS[index % SCREENS.length]!(rng);
  const status = statusBar(rng);
  const scale = index % 2 === 0 ? 3 : 2;
  const width = 390;
  const height = 844;
  const tabs = rng.chance(0.5)
    ? rng.pick([
        ['Home', 'Search', 'Settings'],
        ['Today', 'Lists', 'Profile'],
      ])
    : null;
  const css = `
body { background: #ffffff; color: #111111; font-family: ${fontStack(rng.pick(SANS))}; font-size: 17px; }
${statusBarCss('#000000')}
${screen.css}
.tabs { position: absolute; left: 0; right: 0; bottom: 0; height: 76px; border-top: 1px solid #dddddd; background: #f9f9f9; display: flex; justify-content: space-around; padding-top: 8px; font-size: 11px; color: #6b6b6b; }
.tabs div { display: flex; flex-direction: column; align-items: center; gap: 4px; } .tabs i { width: 24px; height: 22px; border-radius: 6px; background: #c7c7cc; }`;
  const body = `${status.html}${screen.html}${
    tabs ? `<div class="tabs">${tabs.map((t) => `<div><i></i>${esc(t)}</div>`).join('')}</div>` : ''
  }`;
  return {
    note: `${screen.name} app at ${scale}×${tabs ? ', tab bar' : ''}`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale,
    truth: [statusBarTruth(status), ...screen.truth, ...(tabs ? [tabs.join(' ')] : [])].join('\n'),
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'png', 'jpeg', 'jpeg'])),
  };
}
