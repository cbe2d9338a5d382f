/** receipt: a photo of a paper receipt on a darker surface (truth: item name, TAB, price on each item line). */
import { CAFE_ITEMS, CITIES, GROCERY_ITEMS, HARDWARE_ITEMS, MERCHANTS, STREETS, type Item } from '../content/names.js';
import { esc, fontStack, money, MONO, page } from '../html.js';
import { degradeParams } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';

/** Surfaces the receipt lies on: CSS background and its mean colour (what the photo shows around the page). */
const SURFACES: { css: string; rgb: [number, number, number] }[] = [
  {
    css: 'repeating-linear-gradient(90deg, #6b4a2f 0px, #74512f 14px, #5f4129 31px, #6e4c2e 47px)',
    rgb: [106, 74, 46],
  },
  { css: 'radial-gradient(circle at 30% 20%, #4a4d52, #2e3034)', rgb: [58, 60, 64] },
  { css: 'repeating-linear-gradient(0deg, #27354a 0px, #2c3b52 3px, #253247 6px)', rgb: [40, 54, 76] },
  { css: 'linear-gradient(160deg, #58606b, #3d434b)', rgb: [74, 80, 90] },
];

interface Line {
  left: string;
  right?: string;
  cls?: string;
}

export function makeReceipt(rng: Rng, index: number): SpecDraft {
  const merchant = MERCHANTS[index % MERCHANTS.length]!;
  const pool: Item[] =
    merchant.kind === 'grocery' ? GROCERY_ITEMS : merchant.kind === 'cafe' ? CAFE_ITEMS : HARDWARE_ITEMS;
  const place = rng.pick(CITIES);
  const street = `${rng.int(12, 4890)} ${rng.pick(STREETS)}`;
  const cityLine = `${place.city}, ${place.state} ${place.zip}`;
  const phone = `(${place.area}) 555-${String(rng.int(100, 9999)).padStart(4, '0')}`;
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  const year = rng.int(2023, 2025);
  const hour = rng.int(7, 20);
  const minute = rng.int(0, 59);
  const date = `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
  const time = `${((hour + 11) % 12) + 1}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  const lines: Line[] = [];
  let subtotal = 0;
  const chosen = rng.sample(pool, Math.min(pool.length, rng.int(7, 11)));
  for (const item of chosen) {
    const unit = Math.round(rng.range(item.low, item.high) * 100) / 100;
    const qty = rng.chance(0.2) ? rng.int(2, 3) : 1;
    const price = Math.round(unit * qty * 100) / 100;
    subtotal += price;
    lines.push({ left: item.name, right: money(price) });
    if (qty > 1) lines.push({ left: `${qty} @ ${money(unit)}`, cls: 'qty' });
  }
  subtotal = Math.round(subtotal * 100) / 100;
  const rate = rng.pick([6.25, 7.0, 8.25, 8.5, 9.0]);
  const tax = Math.round(subtotal * rate) / 100;
  const total = Math.round((subtotal + tax) * 100) / 100;
  const card = rng.pick(['VISA', 'MASTERCARD', 'AMEX', 'DEBIT']);
  const totals: Line[] = [
    { left: 'Subtotal', right: `$${money(subtotal)}`, cls: 'sep' },
    { left: `Tax ${rate.toFixed(2)}%`, right: `$${money(tax)}` },
    { left: 'TOTAL', right: `$${money(total)}`, cls: 'total' },
    { left: `${card} ending ${rng.int(1000, 9999)}`, right: `$${money(total)}`, cls: 'pay' },
  ];
  const footer = rng.pick([
    'Thank you for shopping with us!',
    'Thanks for visiting, see you soon!',
    'Returns accepted within 30 days with receipt',
  ]);
  const header = [merchant.name, street, cityLine, phone];
  const stamp = `${date} ${time}`;
  const register = `Reg ${rng.int(1, 6)} Trans ${rng.int(1000, 9999)}`;

  const font = rng.pick(MONO);
  const fontSize = rng.pick([18, 19, 20]);
  const paperWidth = rng.int(490, 540);
  const surface = SURFACES[index % SURFACES.length]!;
  const width = 800;
  const height = 1400;
  const row = (l: Line) =>
    `<div class="row${l.cls ? ` ${l.cls}` : ''}"><span>${esc(l.left)}</span>${l.right ? `<span>${esc(l.right)}</span>` : ''}</div>`;
  const css = `
body { background: ${surface.css}; display: flex; justify-content: center; align-items: center; }
.paper { width: ${paperWidth}px; margin-left: ${rng.int(-30, 30)}px; margin-top: ${rng.int(-60, 30)}px;
  background: linear-gradient(180deg, #f8f6f0 0%, #f3f0e7 38%, #e9e5da 41%, #f5f2ea 44%, #f8f6ef 100%);
  color: #2b2b2b; font-family: ${fontStack(font)}; font-size: ${fontSize}px; line-height: 1.45;
  padding: 36px 34px 44px; box-shadow: 0 6px 18px rgba(0,0,0,0.45); }
.head { text-align: center; margin-bottom: 18px; }
.head .name { font-size: ${fontSize + 5}px; font-weight: bold; margin-bottom: 4px; }
.meta { display: flex; justify-content: space-between; margin-bottom: 14px; padding-bottom: 10px; border-bottom: 2px dashed #8a8a8a; }
.row { display: flex; justify-content: space-between; gap: 24px; }
.qty { padding-left: 28px; color: #444; }
.sep { border-top: 2px dashed #8a8a8a; margin-top: 12px; padding-top: 10px; }
.total { font-weight: bold; font-size: ${fontSize + 3}px; margin-top: 4px; }
.pay { margin-top: 14px; }
.foot { text-align: center; margin-top: 26px; }`;
  const body = `<div class="paper">
<div class="head"><div class="name">${esc(header[0]!)}</div>${header
    .slice(1)
    .map((h) => `<div>${esc(h)}</div>`)
    .join('')}</div>
<div class="meta"><span>${esc(stamp)}</span><span>${esc(register)}</span></div>
${lines.map(row).join('\n')}
${totals.map(row).join('\n')}
<div class="foot">${esc(footer)}</div>
</div>`;
  const truth = [
    ...header,
    `${stamp}\t${register}`,
    ...[...lines, ...totals].map((l) => (l.right ? `${l.left}\t${l.right}` : l.left)),
    footer,
  ].join('\n');
  return {
    note: `${merchant.name}, ${chosen.length} items, ${fontSize}px ${font.replace(/'/g, '')}`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale: 1,
    truth,
    hasText: true,
    degrade: degradeParams(rng, 'photo', {
      background: surface.rgb,
      maxShadow: 0.4,
      cover: true,
      keystoneEdges: ['top', 'bottom'],
    }),
  };
}
