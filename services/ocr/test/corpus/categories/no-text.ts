/** no-text: pictures without any text (photo-like scenes, textures, drawings, charts without labels). */
import { page } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';

const W = 1200;
const H = 900;
const f = (x: number) => x.toFixed(1);
const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

function landscape(rng: Rng): string {
  const horizon = H * rng.range(0.5, 0.62);
  const hills = Array.from({ length: 3 }, (_, k) => {
    const pts = [`0,${H}`];
    for (let x = 0; x <= W; x += 60)
      pts.push(`${x},${f(horizon - 40 - k * 30 + Math.sin(x / 140 + k * 2 + rng.next()) * 40 + rng.range(-12, 12))}`);
    pts.push(`${W},${H}`);
    return `<polygon points="${pts.join(' ')}" fill="${hsl(110 + k * 12, 35, 38 - k * 8)}"/>`;
  });
  const trees = Array.from({ length: 24 }, () => {
    const x = rng.range(0, W);
    const y = rng.range(horizon + 20, H - 20);
    const h = rng.range(40, 120);
    return `<polygon points="${f(x - h / 4)},${f(y)} ${f(x + h / 4)},${f(y)} ${f(x)},${f(y - h)}" fill="${hsl(rng.range(100, 140), 45, rng.range(16, 28))}"/>`;
  });
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(rng.range(195, 220), 60, 48)}"/><stop offset="1" stop-color="${hsl(rng.range(25, 45), 70, 82)}"/></linearGradient>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${rng.int(1, 99)}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.18"/></feComponentTransfer></filter></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="${f(rng.range(150, W - 150))}" cy="${f(horizon * 0.35)}" r="46" fill="#fff3c4" opacity="0.9"/>
${hills.join('')}${trees.join('')}<rect width="${W}" height="${H}" filter="url(#grain)"/>`;
}

function bokeh(rng: Rng): string {
  const dots = Array.from({ length: 40 }, () => {
    return `<circle cx="${f(rng.range(0, W))}" cy="${f(rng.range(0, H))}" r="${f(rng.range(20, 110))}" fill="${hsl(rng.range(20, 60), 90, rng.range(55, 80))}" opacity="${rng.range(0.15, 0.5).toFixed(2)}"/>`;
  });
  return `<defs><radialGradient id="bg" cx="0.4" cy="0.4" r="0.9"><stop offset="0" stop-color="#3a2a4a"/><stop offset="1" stop-color="#0b0a12"/></radialGradient>
<filter id="soft"><feGaussianBlur stdDeviation="${rng.int(6, 14)}"/></filter></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/><g filter="url(#soft)">${dots.join('')}</g>`;
}

function axes(): string {
  const grid = Array.from(
    { length: 6 },
    (_, i) =>
      `<line x1="120" x2="${W - 80}" y1="${120 + i * 120}" y2="${120 + i * 120}" stroke="#e3e6ea" stroke-width="2"/>`,
  );
  return `<rect width="${W}" height="${H}" fill="#ffffff"/>${grid.join('')}<line x1="120" y1="90" x2="120" y2="720" stroke="#5b6470" stroke-width="3"/><line x1="120" y1="720" x2="${W - 80}" y2="720" stroke="#5b6470" stroke-width="3"/>`;
}

function barChart(rng: Rng): string {
  const n = rng.int(6, 10);
  const step = (W - 240) / n;
  const bars = Array.from({ length: n }, (_, i) => {
    const h = rng.range(80, 560);
    return `<rect x="${f(140 + i * step + step * 0.15)}" y="${f(720 - h)}" width="${f(step * 0.7)}" height="${f(h)}" rx="4" fill="${rng.pick(['#4e79a7', '#59a14f', '#f28e2b'])}"/>`;
  });
  return axes() + bars.join('');
}

function lineChart(rng: Rng): string {
  const series = Array.from({ length: rng.int(2, 3) }, (_, s) => {
    let y = rng.range(250, 600);
    const pts = Array.from({ length: 12 }, (_, i) => {
      y = Math.max(140, Math.min(700, y + rng.range(-90, 90)));
      return `${f(130 + i * ((W - 230) / 11))},${f(y)}`;
    });
    const colour = ['#e15759', '#4e79a7', '#76b7b2'][s]!;
    return `<polyline points="${pts.join(' ')}" fill="none" stroke="${colour}" stroke-width="5" stroke-linejoin="round"/>${pts
      .map((p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="7" fill="${colour}"/>`)
      .join('')}`;
  });
  return axes() + series.join('');
}

function donut(rng: Rng): string {
  const parts = Array.from({ length: rng.int(3, 6) }, () => rng.range(1, 5));
  const total = parts.reduce((a, b) => a + b, 0);
  const colours = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948'];
  let angle = -Math.PI / 2;
  const [cx, cy, r] = [450, 450, 300];
  const arcs = parts.map((p, i) => {
    const a2 = angle + (p / total) * Math.PI * 2;
    const large = a2 - angle > Math.PI ? 1 : 0;
    const d = `M${f(cx + r * Math.cos(angle))},${f(cy + r * Math.sin(angle))} A${r},${r} 0 ${large} 1 ${f(cx + r * Math.cos(a2))},${f(cy + r * Math.sin(a2))} L${cx},${cy} Z`;
    angle = a2;
    return `<path d="${d}" fill="${colours[i]}"/>`;
  });
  const legend = parts.map(
    (_, i) =>
      `<rect x="860" y="${260 + i * 64}" width="40" height="40" rx="6" fill="${colours[i]}"/><rect x="920" y="${272 + i * 64}" width="${rng.int(90, 180)}" height="16" rx="8" fill="#d5d9de"/>`,
  );
  return `<rect width="${W}" height="${H}" fill="#f7f8fa"/>${arcs.join('')}<circle cx="${cx}" cy="${cy}" r="150" fill="#f7f8fa"/>${legend.join('')}`;
}

function doodle(rng: Rng): string {
  const wobble = (x: number, y: number) => `${f(x + rng.range(-4, 4))},${f(y + rng.range(-4, 4))}`;
  const hx = rng.range(250, 500);
  const house = `M${wobble(hx, 650)} L${wobble(hx, 430)} L${wobble(hx + 160, 300)} L${wobble(hx + 320, 430)} L${wobble(hx + 320, 650)} Z M${wobble(hx + 120, 650)} L${wobble(hx + 120, 540)} L${wobble(hx + 200, 540)} L${wobble(hx + 200, 650)}`;
  const rays = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2;
    return `M${f(950 + 80 * Math.cos(a))},${f(180 + 80 * Math.sin(a))} L${f(950 + 130 * Math.cos(a))},${f(180 + 130 * Math.sin(a))}`;
  });
  const grass = Array.from(
    { length: 40 },
    (_, i) => `M${20 + i * 30},720 q${rng.int(-10, 10)},-${rng.int(20, 50)} ${rng.int(5, 15)},-${rng.int(30, 60)}`,
  );
  let spiral = 'M180,200';
  for (let t = 0; t < 24; t++)
    spiral += ` L${f(180 + t * 4 * Math.cos(t * 0.6))},${f(200 + t * 4 * Math.sin(t * 0.6))}`;
  return `<rect width="${W}" height="${H}" fill="#fbfaf5"/>
<g fill="none" stroke-linecap="round" stroke-linejoin="round">
<path d="${house}" stroke="#3b3b8f" stroke-width="7"/><circle cx="950" cy="180" r="60" stroke="#e0a100" stroke-width="7"/>
<path d="${rays.join(' ')}" stroke="#e0a100" stroke-width="6"/><path d="${grass.join(' ')}" stroke="#2f9e44" stroke-width="5"/>
<path d="${spiral}" stroke="#c2255c" stroke-width="5"/><path d="M0,720 L${W},725" stroke="#2f9e44" stroke-width="6"/></g>`;
}

function texture(rng: Rng): string {
  const hue = rng.range(20, 45);
  return `<defs><filter id="t" x="0" y="0" width="100%" height="100%"><feTurbulence type="${rng.pick(['fractalNoise', 'turbulence'])}" baseFrequency="${rng.range(0.004, 0.02).toFixed(4)}" numOctaves="5" seed="${rng.int(1, 999)}"/>
<feColorMatrix type="matrix" values="0.5 0.3 0 0 0.25  0.4 0.3 0 0 0.2  0.3 0.2 0 0 0.15  0 0 0 0 1"/></filter></defs>
<rect width="${W}" height="${H}" fill="${hsl(hue, 30, 50)}"/><rect width="${W}" height="${H}" filter="url(#t)" opacity="0.9"/>`;
}

function pattern(rng: Rng): string {
  const size = rng.pick([100, 150]);
  const palette = rng.pick([
    ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
    ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#e63946'],
  ]);
  const tiles: string[] = [];
  for (let y = 0; y < H; y += size)
    for (let x = 0; x < W; x += size) {
      tiles.push(`<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${rng.pick(palette)}"/>`);
      const c = rng.pick(palette);
      const kind = rng.int(0, 2);
      if (kind === 0) tiles.push(`<circle cx="${x + size / 2}" cy="${y + size / 2}" r="${size * 0.35}" fill="${c}"/>`);
      else if (kind === 1) tiles.push(`<polygon points="${x},${y} ${x + size},${y} ${x},${y + size}" fill="${c}"/>`);
      else
        tiles.push(
          `<path d="M${x},${y + size} A${size},${size} 0 0 1 ${x + size},${y}" fill="none" stroke="${c}" stroke-width="14"/>`,
        );
    }
  return tiles.join('');
}

const PICTURES = [
  ['landscape', landscape],
  ['bar chart', barChart],
  ['bokeh', bokeh],
  ['doodle', doodle],
  ['line chart', lineChart],
  ['stone texture', texture],
  ['donut chart', donut],
  ['geometric pattern', pattern],
] as const;

export function makeNoText(rng: Rng, index: number): SpecDraft {
  const [name, draw] = PICTURES[index % PICTURES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${draw(rng)}</svg>`;
  return {
    note: name,
    html: page({ width: W, height: H, css: 'svg { display: block; }', body: svg }),
    width: W,
    height: H,
    scale: 1,
    truth: '',
    hasText: false,
    degrade: degradeParams(rng, kindFor(index, ['jpeg', 'png', 'photo', 'jpeg'])),
  };
}
