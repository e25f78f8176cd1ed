import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs a poppler tool (`pdftotext`, `pdffonts`, `pdfinfo`) on the PDF's bytes, through a temporary file. */
function poppler(tool: string, pdf: Buffer, args: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'prometrica-pdf-'));
  const file = path.join(dir, 'report.pdf');
  try {
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The PDF's text as poppler's `pdftotext -layout` extracts it (what a reader selecting the text
 * gets); `page` limits it to one page. Pages are separated by form feeds.
 */
export function pdfText(pdf: Buffer, page?: number): string {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return poppler('pdftotext', pdf, ['-layout', '-enc', 'UTF-8', ...pages]);
}

/** Each page's text (`pdftotext -layout`, which ends every page with a form feed), from one run. */
export function pdfPages(pdf: Buffer): string[] {
  return pdfText(pdf).split('\f').slice(0, -1);
}

/** The text with every run of white space made one space: for phrases that may wrap. */
export const flattened = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** The fonts `pdffonts` lists: name, type, and whether each is embedded, subset and mapped to Unicode. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const lines = poppler('pdffonts', pdf, []).trim().split('\n').slice(2);
  return lines.map((line) => {
    // name, type (may hold spaces), encoding, then emb sub uni and the object id: read from the right.
    const parts = line.trim().split(/\s+/);
    const [emb, sub, uni] = parts.slice(-5, -2);
    return {
      name: parts[0] ?? '',
      type: parts.slice(1, -6).join(' '),
      embedded: emb === 'yes',
      subset: sub === 'yes',
      unicode: uni === 'yes',
    };
  });
}

/** How many pages `pdfinfo` counts. */
export function pdfPageCount(pdf: Buffer): number {
  const match = /^Pages:\s+(\d+)/m.exec(poppler('pdfinfo', pdf, []));
  if (!match?.[1]) throw new Error('pdfinfo printed no page count');
  return Number(match[1]);
}

export interface PdfImage {
  /** `image`, or `smask` for a soft mask (an alpha channel kept apart). */
  type: string;
  width: number;
  height: number;
  colour: string;
}

/** The images `pdfimages -list` finds, with their type, size and colour space. */
export function pdfImages(pdf: Buffer): PdfImage[] {
  const lines = poppler('pdfimages', pdf, ['-list']).trim().split('\n').slice(2);
  return lines.map((line) => {
    // page, num, type, width, height, color, ...
    const [, , type = '', width = '0', height = '0', colour = ''] = line.trim().split(/\s+/);
    return { type, width: Number(width), height: Number(height), colour };
  });
}
