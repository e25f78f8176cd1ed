import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

/**
 * The report's typeface: DejaVu Sans, shipped by npm (`dejavu-fonts-ttf`), so a fresh machine
 * needs no system font. It covers Latin (extended), Greek and Cyrillic, which is what a name such
 * as "Zoë Ñúñez Ωμέγα Юлия" needs. pdfkit embeds only the glyphs a document uses (a subset), as a
 * CID font with a ToUnicode map, so the text stays selectable and searchable.
 */
const files = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

export type FontName = keyof typeof files;

/** What stands in for a character the fonts have no glyph for (CJK, emoji, ...): U+FFFD, "�". */
export const replacementCharacter = '\uFFFD';

interface LoadedFonts {
  faces: Record<FontName, fontkit.Font>;
  /** Code points already checked, with the answer (names repeat: each is checked once). */
  covered: Map<number, boolean>;
}

let loaded: LoadedFonts | undefined;

function openFace(file: string): fontkit.Font {
  const face = fontkit.create(readFileSync(require.resolve(file)));
  // A .ttc collection would need a face name; the package ships single-face .ttf files.
  if (!('layout' in face)) throw new Error(`${file} is a font collection, not one font`);
  return face;
}

/**
 * The parsed fonts, read and parsed on first use and kept for the process: parsing per report
 * would cost each report several milliseconds and a megabyte of garbage. pdfkit takes the parsed
 * fontkit object as it is and makes its subset per document.
 */
export function reportFonts(): LoadedFonts {
  loaded ??= {
    faces: { regular: openFace(files.regular), bold: openFace(files.bold) },
    covered: new Map(),
  };
  return loaded;
}

/** Whether every face of the report has a glyph for the code point. */
export function isCovered(codePoint: number): boolean {
  const fonts = reportFonts();
  let answer = fonts.covered.get(codePoint);
  if (answer === undefined) {
    answer = Object.values(fonts.faces).every((face) => face.hasGlyphForCodePoint(codePoint));
    fonts.covered.set(codePoint, answer);
  }
  return answer;
}

/** C0 and C1 controls other than the line feed: they have no glyph and no place in a report's text. */
const isControl = (codePoint: number) =>
  (codePoint < 0x20 && codePoint !== 0x0a) || (codePoint >= 0x7f && codePoint < 0xa0);

/**
 * Text as the PDF can draw it: composed (NFC, so "e" + combining diaeresis becomes the one glyph
 * "ë"), line ends made "\n", tabs made spaces, other controls dropped, and every character the
 * fonts lack replaced by U+FFFD. The PDF has no fallback font on purpose: one covering CJK weighs
 * 10 to 20 MB; the web report shows such names as typed, the PDF shows a visible mark instead of
 * an empty box or a silently missing letter.
 */
export function printable(text: string): string {
  let out = '';
  for (const character of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (isControl(codePoint)) continue;
    out += codePoint === 0x0a || isCovered(codePoint) ? character : replacementCharacter;
  }
  return out;
}
