// The social image's drawing (og-png.ts) on its own: colors of the customization's forms, and adversarial titles —
// control characters, lone surrogates, bidi overrides, stacked combining marks, huge or empty text — each drawn as a
// valid 1200×630 PNG with nothing outside its margins.
import { describe, expect, it } from 'vitest';
import { readPng } from '../testing/fixtures.js';
import { ogImagePng, parseColor } from './og-png.js';

const BASE = { siteTitle: 'Acme Docs', pageTitle: 'Introduction', primary: '#346ddb', dark: false, icon: { initial: 'A', color: '#346ddb' } };

/** Whether columns [x0, x1) and rows [y0, y1) hold a pixel that is not white. */
function inked(img: ReturnType<typeof readPng>, x0: number, x1: number, y0: number, y1: number): boolean {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) for (let c = 0; c < 3; c++) if (img.rgb[(y * img.width + x) * 3 + c]! < 232) return true;
  return false;
}

describe('parseColor', () => {
  it("reads shell.ts cssColor's forms, and falls back on anything else", () => {
    const fallback: [number, number, number] = [1, 2, 3];
    expect(parseColor('#E11D48', fallback)).toEqual([0xe1, 0x1d, 0x48]);
    expect(parseColor('#e11d4880', fallback)).toEqual([0xe1, 0x1d, 0x48]);
    expect(parseColor('#f0a', fallback)).toEqual([0xff, 0x00, 0xaa]);
    expect(parseColor('rgb(255, 0, 10)', fallback)).toEqual([255, 0, 10]);
    expect(parseColor('rgba(100% 50% 0% / 50%)', fallback)).toEqual([255, 128, 0]);
    expect(parseColor('hsl(0, 100%, 50%)', fallback)).toEqual([255, 0, 0]);
    expect(parseColor('hsl(120deg 100% 25%)', fallback)).toEqual([0, 128, 0]);
    for (const junk of ['', 'red', '#12', 'rgb(1,2)', 'rgb(a,b,c)', 'url(x)']) expect(parseColor(junk, fallback), junk).toEqual(fallback);
  });
});

describe('ogImagePng', () => {
  it('draws adversarial titles as a 1200×630 PNG with nothing outside the margins', () => {
    const titles = [
      '', ' \t\n ', 'A\u0000B\u0007C\u001b[31mD', '\ud800 lone \udfff surrogates', '\u202eesrever\u202c and \u200f marks \u200e',
      `Z${'\u0323\u0301\u0332'.repeat(200)}algo${'\u0300'.repeat(500)}`, 'x'.repeat(100_000), 'W'.repeat(5000), '🚀'.repeat(1000),
      'مرحبا with English words in the middle and more مرحبا', 'ﷺ﷽ ligatures ﷲ', '(((((((((((((((((((((((((((((((((((((((',
    ];
    for (const pageTitle of titles) {
      const img = readPng(Buffer.from(ogImagePng({ ...BASE, pageTitle, description: pageTitle, siteTitle: pageTitle, spaceTitle: pageTitle, icon: { initial: pageTitle.slice(0, 2), color: '#346ddb' } })));
      const label = JSON.stringify(pageTitle.slice(0, 40));
      expect([img.width, img.height], label).toEqual([1200, 630]);
      expect(inked(img, 1110, 1200, 0, 630), `${label}: ink in the right margin`).toBe(false);
      expect(inked(img, 24, 1200, 600, 630), `${label}: ink at the bottom`).toBe(false);
      expect(inked(img, 24, 1200, 0, 40), `${label}: ink at the top`).toBe(false);
    }
  });
});
