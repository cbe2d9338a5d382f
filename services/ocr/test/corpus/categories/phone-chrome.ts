/** A phone's status bar: the time at the left; signal, Wi-Fi and battery (with its percentage) at the right. */
import { esc } from '../html.js';
import type { Rng } from '../rng.js';

export interface StatusBar {
  time: string;
  battery: number;
  html: string;
}

export const STATUS_BAR_HEIGHT = 54;

/** A status bar; `minutes` (since midnight) sets the clock, which shows 12-hour time without AM/PM as phones do. */
export function statusBar(rng: Rng, minutes?: number): StatusBar {
  const m = minutes ?? rng.int(0, 1439);
  const time = `${((Math.floor(m / 60) + 11) % 12) + 1}:${String(m % 60).padStart(2, '0')}`;
  const battery = rng.int(9, 100);
  const strength = rng.int(2, 4);
  const bars = [5, 8, 11, 14].map((h, i) => `<i style="height:${h}px;opacity:${i < strength ? 1 : 0.3}"></i>`);
  const html = `<div class="status"><span class="clock">${esc(time)}</span><span class="right">
<span class="bars">${bars.join('')}</span><span class="wifi"></span><span class="pct">${battery}%</span>
<span class="batt"><span style="width:${Math.max(8, battery)}%"></span></span></span></div>`;
  return { time, battery, html };
}

export function statusBarTruth(s: StatusBar): string {
  return `${s.time} ${s.battery}%`;
}

export function statusBarCss(colour: string): string {
  return `
.status { height: ${STATUS_BAR_HEIGHT}px; display: flex; align-items: center; justify-content: space-between; padding: 0 26px 0 32px; color: ${colour}; }
.clock { font-weight: bold; font-size: 17px; }
.right { display: flex; align-items: center; gap: 7px; }
.bars { display: flex; align-items: flex-end; gap: 2px; height: 14px; }
.bars i { display: block; width: 3px; background: ${colour}; border-radius: 1px; }
.wifi { width: 16px; height: 16px; border: 3px solid ${colour}; border-color: ${colour} transparent transparent transparent; border-radius: 50%; margin-top: 6px; }
.pct { font-size: 14px; font-weight: bold; }
.batt { width: 26px; height: 13px; border: 1.5px solid ${colour}; border-radius: 4px; padding: 1.5px; display: flex; opacity: 0.9; }
.batt span { display: block; height: 100%; background: ${colour}; border-radius: 2px; }`;
}
