import type { Performance } from '@prometrica/shared-api/contract';
import { colours, sizes, type Sheet } from './layout';

/** The band boundaries of spec section 9: Low below 25, Average 25 to 75, High above 75. */
export const bandBoundaries = [25, 75] as const;

/** Each band's colour in the bar, and a pale one for its zone behind the bar. */
const bandColours: Record<Performance, { bar: string; zone: string }> = {
  Low: { bar: '#b3261e', zone: '#fbe9e7' },
  Average: { bar: '#78818a', zone: '#f3f4f5' },
  High: { bar: '#15773b', zone: '#e8f5ec' },
};

const bar = { height: 12, scaleHeight: 11 } as const;

/** The height `percentBar` takes, with its scale under it. */
export const percentBarHeight = bar.height + bar.scaleHeight;

/**
 * A horizontal bar from 0 to 100 at the sheet's `y`: the three band zones behind it, the category's
 * percent filled in its band's colour, the boundaries at 25 and 75 drawn across, and a scale of
 * 0, 25, 75 and 100 under it. Moves `y` below the scale.
 */
export function percentBar(sheet: Sheet, x: number, width: number, percent: number, band: Performance): void {
  const { doc } = sheet;
  const top = sheet.y;
  const at = (value: number) => x + (width * Math.min(100, Math.max(0, value))) / 100;
  const [low, high] = bandBoundaries;
  const zones: Array<[Performance, number, number]> = [
    ['Low', 0, low],
    ['Average', low, high],
    ['High', high, 100],
  ];
  for (const [zone, from, to] of zones)
    doc.rect(at(from), top, at(to) - at(from), bar.height).fill(bandColours[zone].zone);
  if (percent > 0) doc.rect(x, top + 2, at(percent) - x, bar.height - 4).fill(bandColours[band].bar);
  doc.rect(x, top, width, bar.height).lineWidth(0.5).strokeColor(colours.rule).stroke();
  for (const boundary of bandBoundaries) {
    doc
      .moveTo(at(boundary), top - 2)
      .lineTo(at(boundary), top + bar.height + 2)
      .lineWidth(1)
      .strokeColor(colours.ink)
      .stroke();
  }
  for (const mark of [0, low, high, 100]) {
    const label = String(mark);
    const labelWidth = sheet.use({ size: sizes.small - 1 }).doc.widthOfString(label);
    const labelX = Math.min(Math.max(at(mark) - labelWidth / 2, x), x + width - labelWidth);
    sheet.text(label, labelX, top + bar.height + 2, labelWidth + 1, { size: sizes.small - 1, colour: colours.muted });
  }
  sheet.y = top + percentBarHeight;
}
