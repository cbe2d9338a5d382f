/** table: a data table or spreadsheet with grid lines, a header row and numbers (truth: TAB between cells). */
import { FIRST_NAMES, LAST_NAMES, MONTHS } from '../content/names.js';
import { esc, fontStack, money, page, SANS } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';

interface TableData {
  title: string;
  subtitle: string;
  header: string[];
  rows: string[][];
  /** Columns aligned right (numbers). */
  numeric: boolean[];
}

const list = (s: string) => s.split('|');
const int = (n: number) => n.toLocaleString('en-US');

function sales(rng: Rng): TableData {
  const regions = rng.sample(
    list('Northeast|Southeast|Midwest|Mountain|Pacific|Texas|Canada|Mexico|UK & Ireland|Nordics'),
    rng.int(6, 9),
  );
  const rows = regions.map((r) => {
    const q = Array.from({ length: 4 }, () => rng.int(18, 420) * 100 + rng.int(0, 99));
    return [r, ...q.map(int), int(q.reduce((a, b) => a + b, 0))];
  });
  const year = rng.int(2022, 2025);
  return {
    title: `Regional sales ${year}`,
    subtitle: `Net revenue in USD, updated ${rng.pick(MONTHS)} ${rng.int(1, 28)}`,
    header: ['Region', 'Q1', 'Q2', 'Q3', 'Q4', 'Total'],
    rows,
    numeric: [false, true, true, true, true, true],
  };
}

function inventory(rng: Rng): TableData {
  const items = rng.sample(
    list(
      'Desk lamp|Office chair|Standing desk|Monitor arm|USB-C dock|Keyboard|Wireless mouse|Laptop stand|Webcam|Headset|Cable tray|Whiteboard',
    ),
    rng.int(7, 10),
  );
  const rows = items.map((name, i) => {
    const stock = rng.int(0, 240);
    const price = rng.int(1500, 45000) / 100;
    return [`SKU-${rng.int(1000, 9999)}${'ABCDEFGH'[i % 8]}`, name, String(stock), money(price), money(stock * price)];
  });
  return {
    title: 'Warehouse inventory',
    subtitle: `Location ${rng.pick(['A', 'B', 'C'])}${rng.int(1, 9)}, counted on ${rng.pick(MONTHS)} ${rng.int(1, 28)}`,
    header: ['SKU', 'Item', 'In stock', 'Unit price', 'Value'],
    rows,
    numeric: [false, false, true, true, true],
  };
}

function grades(rng: Rng): TableData {
  const names = rng.sample(FIRST_NAMES, rng.int(7, 10)).map((f) => `${f} ${rng.pick(LAST_NAMES)}`);
  const rows = names.map((n) => {
    const s = Array.from({ length: 4 }, () => rng.int(52, 100));
    return [n, ...s.map(String), (s.reduce((a, b) => a + b, 0) / 4).toFixed(1)];
  });
  return {
    title: `${rng.pick(['Biology', 'Algebra II', 'World History', 'Chemistry'])}, period ${rng.int(1, 6)}`,
    subtitle: `Fall semester, ${rows.length} students`,
    header: ['Student', 'Quiz 1', 'Quiz 2', 'Midterm', 'Project', 'Average'],
    rows,
    numeric: [false, true, true, true, true, true],
  };
}

function budget(rng: Rng): TableData {
  const cats = rng.sample(
    list('Rent|Groceries|Utilities|Transport|Insurance|Dining out|Childcare|Phone & internet|Savings|Gifts|Health'),
    rng.int(7, 10),
  );
  const rows = cats.map((c) => {
    const plan = rng.int(4, 180) * 10;
    const actual = Math.round(plan * rng.range(0.7, 1.25) * 100) / 100;
    const diff = plan - actual;
    return [
      c,
      money(plan),
      money(actual),
      `${diff < 0 ? '-' : ''}${money(Math.abs(diff))}`,
      `${Math.round((actual / plan) * 100)}%`,
    ];
  });
  return {
    title: `Household budget, ${rng.pick(MONTHS)}`,
    subtitle: 'Amounts in dollars',
    header: ['Category', 'Budget', 'Actual', 'Difference', 'Used'],
    rows,
    numeric: [false, true, true, true, true],
  };
}

function timesheet(rng: Rng): TableData {
  const month = rng.pick(MONTHS);
  let day = rng.int(1, 6);
  const rate = rng.pick([65, 80, 95, 120]);
  const rows = Array.from({ length: rng.int(7, 10) }, () => {
    day += rng.int(1, 2);
    const hours = rng.int(2, 18) / 2;
    return [
      `${month.slice(0, 3)} ${day}`,
      rng.pick(list('Website redesign|Data migration|Client workshop|Bug fixes|Quarterly report')),
      hours.toFixed(1),
      money(rate),
      money(hours * rate),
    ];
  });
  return {
    title: `Timesheet, ${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    subtitle: `Invoice period ${month} ${rng.int(2023, 2025)}`,
    header: ['Date', 'Project', 'Hours', 'Rate', 'Amount'],
    rows,
    numeric: [false, false, true, true, true],
  };
}

const MAKERS = [sales, inventory, grades, budget, timesheet];

export function makeTable(rng: Rng, index: number): SpecDraft {
  const data = MAKERS[index % MAKERS.length]!(rng);
  const spreadsheet = index % 2 === 1;
  const font = spreadsheet ? "'Liberation Sans'" : rng.pick(SANS);
  const fontSize = spreadsheet ? rng.pick([13, 14]) : rng.pick([14, 15, 16]);
  const grid = spreadsheet ? '#c8c8c8' : rng.pick(['#d0d7de', '#cbd5e1', '#d4d4d8']);
  const headBg = spreadsheet
    ? rng.pick(['#d9ead3', '#dbe5f1', '#efefef'])
    : rng.pick(['#f3f4f6', '#eef2ff', '#f1f5f9']);
  const width = 1280;
  const height = 800;
  const cell = (text: string, right: boolean, tag: string) =>
    `<${tag}${right ? ' class="r"' : ''}>${esc(text)}</${tag}>`;
  const head = `<tr>${data.header.map((h, i) => cell(h, data.numeric[i]!, 'th')).join('')}</tr>`;
  const rows = data.rows.map((r) => `<tr>${r.map((c, i) => cell(c, data.numeric[i]!, 'td')).join('')}</tr>`).join('\n');
  const css = `
body { background: ${spreadsheet ? '#ffffff' : '#f8fafc'}; color: #1f2937; font-family: ${fontStack(font)}; padding: ${spreadsheet ? 24 : 40}px ${spreadsheet ? 24 : 56}px; }
h1 { font-size: ${spreadsheet ? 20 : 26}px; margin: 0 0 6px; color: #111827; }
p { margin: 0 0 ${spreadsheet ? 14 : 22}px; color: #4b5563; font-size: ${fontSize}px; }
table { border-collapse: collapse; font-size: ${fontSize}px; background: #ffffff; }
th, td { border: 1px solid ${grid}; padding: ${spreadsheet ? '4px 10px' : '9px 16px'}; text-align: left; white-space: nowrap; }
th { background: ${headBg}; font-weight: bold; }
.r { text-align: right; }
${spreadsheet ? '' : 'tr:nth-child(even) td { background: #f9fafb; }'}`;
  return {
    note: `${data.title} (${spreadsheet ? 'spreadsheet' : 'web table'}, ${data.rows.length} rows)`,
    html: page({
      width,
      height,
      css,
      body: `<h1>${esc(data.title)}</h1><p>${esc(data.subtitle)}</p><table>${head}\n${rows}</table>`,
    }),
    width,
    height,
    scale: 1,
    truth: [data.title, data.subtitle, data.header.join('\t'), ...data.rows.map((r) => r.join('\t'))].join('\n'),
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'jpeg', 'photo', 'png', 'jpeg'])),
  };
}
