import PDFDocument from 'pdfkit';
import { printable, reportFonts, type FontName } from './fonts';

/** A4 in points, and the margins: the bottom one leaves room for the footer. */
const paper = { width: 595.28, height: 841.89 } as const;
const margins = { top: 50, left: 50, right: 50, bottom: 64 } as const;

/** The brand's dark green and dark grey (shared-api theme), and the band colours of the chart. */
export const colours = {
  ink: '#3a4047',
  muted: '#666e77',
  brand: '#0f6a33',
  brandLight: '#e8f5ec',
  rule: '#cacdd0',
  stripe: '#f3f4f5',
  correct: '#15773b',
  wrong: '#b3261e',
} as const;

export const sizes = { title: 20, heading: 13, subheading: 11, body: 10, small: 8.5 } as const;

/** Space kept under a heading for what follows it, so a heading never ends a page alone. */
const keepWithHeading = 36;
const cellPadding = { x: 4, y: 3 } as const;

/** A run this long without a space is no word or address anyone reads: pdfkit gets break points in it. */
const longRun = /\S{100,}/gu;
const zeroWidthSpace = '\u200B';

/**
 * The text as drawn: `printable`, with a zero-width space every 20 characters of a run of 100 or
 * more without a space. pdfkit breaks such a run by measuring what is left of it again for every
 * line, which grows with the square of its length: 2,000 characters of one "word" took half a
 * second. Shorter runs (addresses, links a doctor pastes) are left whole, so they copy intact.
 */
function drawable(text: string): string {
  return printable(text).replace(longRun, (run) => {
    const characters = Array.from(run);
    const pieces: string[] = [];
    for (let start = 0; start < characters.length; start += 20)
      pieces.push(characters.slice(start, start + 20).join(''));
    return pieces.join(zeroWidthSpace);
  });
}

export interface Style {
  font?: FontName;
  size?: number;
  colour?: string;
  align?: 'left' | 'right';
}

/** One table cell: its text, and an optional second line in small grey (a question's category). */
export interface Cell extends Style {
  text: string;
  note?: string;
}

export interface Column {
  title: string;
  width: number;
}

const headerCells = (columns: readonly Column[]): Cell[] =>
  columns.map((column) => ({ text: column.title, font: 'bold', colour: colours.brand }));

/**
 * A report being written: a pdfkit document on A4 with the report's fonts, and the few layout
 * moves the report needs (headings kept with what follows, field lists, tables whose rows never
 * split and whose header repeats on a new page, wrapped paragraphs, the page footer).
 */
export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  readonly left = margins.left;
  readonly width = paper.width - margins.left - margins.right;
  readonly bottom = paper.height - margins.bottom;

  constructor(info: PDFKit.DocumentInfo) {
    // `font: null` skips pdfkit's default Helvetica, which would be parsed for every document and
    // never drawn; @types/pdfkit only allows a name there.
    this.doc = new PDFDocument({
      size: 'A4',
      margins,
      bufferPages: true,
      info,
      lang: 'en-GB',
      displayTitle: true,
      font: null as unknown as string,
    });
    const { faces } = reportFonts();
    // pdfkit accepts a parsed fontkit font as a source (see its PDFFontFactory); the types list only files and bytes.
    for (const [name, face] of Object.entries(faces)) this.doc.registerFont(name, face as unknown as Buffer);
    this.use({});
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.y = value;
  }

  use({ font = 'regular', size = sizes.body, colour = colours.ink }: Style): this {
    this.doc.font(font).fontSize(size).fillColor(colour);
    return this;
  }

  heightOf(text: string, width: number, style: Style = {}): number {
    return this.use(style).doc.heightOfString(drawable(text), { width });
  }

  /** Starts a new page unless `height` more points fit on this one; says whether it did. */
  ensure(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.doc.addPage();
    return true;
  }

  space(points: number): void {
    this.doc.y = Math.min(this.doc.y + points, this.bottom);
  }

  /** Text at (x, y) within `width`; moves `y` below it. `oneLine` cuts it to one line ending in "…". */
  text(text: string, x: number, y: number, width: number, style: Style = {}, oneLine = false): void {
    const options: PDFKit.Mixins.TextOptions = { width, lineGap: 1, align: style.align ?? 'left' };
    if (oneLine) Object.assign(options, { height: this.use(style).doc.currentLineHeight(true), ellipsis: true });
    this.use(style).doc.text(drawable(text), x, y, options);
  }

  /** The content's height on a page: what a block must not exceed to fit on one. */
  get pageHeight(): number {
    return this.bottom - margins.top;
  }

  /** A line of text across the page. */
  line(text: string, style: Style = {}): void {
    this.ensure(this.heightOf(text, this.width, style));
    this.text(text, this.left, this.doc.y, this.width, style);
  }

  title(text: string): void {
    this.line(text, { font: 'bold', size: sizes.title, colour: colours.brand });
    this.space(6);
  }

  /** A section heading with a rule under it, moved to the next page with what follows it (`keepWith` points). */
  heading(text: string, keepWith = keepWithHeading): void {
    const height = this.heightOf(text, this.width, { font: 'bold', size: sizes.heading }) + 6;
    this.space(10);
    this.ensure(height + keepWith);
    this.text(text, this.left, this.doc.y, this.width, { font: 'bold', size: sizes.heading, colour: colours.brand });
    this.rule();
    this.doc.y += 2;
  }

  /**
   * Label and value pairs in two columns; a pair is never split over two pages, unless its value
   * is longer than a page, which then flows on to the next.
   */
  fields(rows: ReadonlyArray<readonly [string, string]>, labelWidth = 150, valueStyle: Style = {}): void {
    const valueWidth = this.width - labelWidth;
    for (const [label, value] of rows) {
      const labelHeight = this.heightOf(label, labelWidth - 8, { font: 'bold' });
      const height = this.fieldsHeight([[label, value]], labelWidth, valueStyle) - 3;
      this.ensure(Math.min(height, this.pageHeight / 2));
      const { page, y } = this.doc;
      this.text(label, this.left, y, labelWidth - 8, { font: 'bold', colour: colours.muted });
      this.text(value, this.left + labelWidth, y, valueWidth, valueStyle);
      // The value may have flowed on to a new page: then its end is where the next pair starts.
      this.doc.y = (this.doc.page === page ? Math.max(this.doc.y, y + labelHeight) : this.doc.y) + 3;
    }
  }

  /** The height `fields` takes for these pairs. */
  fieldsHeight(rows: ReadonlyArray<readonly [string, string]>, labelWidth = 150, valueStyle: Style = {}): number {
    const heights = rows.map(([label, value]) =>
      Math.max(
        this.heightOf(label, labelWidth - 8, { font: 'bold' }),
        this.heightOf(value, this.width - labelWidth, valueStyle),
      ),
    );
    return heights.reduce((sum, height) => sum + height + 3, 0);
  }

  /**
   * The doctor's comment: plain text, wrapped to the page; blank lines separate paragraphs and
   * single line ends are kept. A long comment flows on to the next page, a paragraph at a time.
   */
  paragraphs(text: string, style: Style = {}): void {
    const lineHeight = this.heightOf('M', this.width, style);
    for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n+/)) {
      const trimmed = paragraph.replace(/^\n+|\s+$/g, '');
      if (!trimmed) continue;
      // Two lines or the whole paragraph, whichever is shorter, stay together at a page's foot.
      this.ensure(Math.min(this.heightOf(trimmed, this.width, style), lineHeight * 2));
      this.text(trimmed, this.left, this.doc.y, this.width, style);
      this.doc.y += lineHeight * 0.5;
    }
  }

  /**
   * A table: the header repeats at the top of each new page and a row is never split. A row taller
   * than a page (a question of 2,000 characters in its narrow column) is written across the full
   * width instead, its cells one under another, where it fits or flows on.
   */
  table(columns: readonly Column[], rows: ReadonlyArray<readonly Cell[]>): void {
    const header = headerCells(columns);
    const headerHeight = this.rowHeight(columns, header);
    this.ensure(this.tableOpening(columns, rows));
    this.row(columns, header, colours.brandLight);
    let headerPage = this.doc.page;
    rows.forEach((cells, index) => {
      const height = this.rowHeight(columns, cells);
      if (height > this.pageHeight - headerHeight) return this.stackedRow(columns, cells);
      if (this.ensure(height) || this.doc.page !== headerPage) {
        this.row(columns, header, colours.brandLight);
        headerPage = this.doc.page;
      }
      this.row(columns, cells, index % 2 === 1 ? colours.stripe : undefined);
    });
  }

  /** The height of a table's header and first row: what a heading above it keeps with it. */
  tableOpening(columns: readonly Column[], rows: ReadonlyArray<readonly Cell[]>): number {
    const header = headerCells(columns);
    return this.rowHeight(columns, header) + Math.min(this.rowHeight(columns, rows[0] ?? header), this.pageHeight / 2);
  }

  private stackedRow(columns: readonly Column[], cells: readonly Cell[]): void {
    const pairs = cells.map(
      (cell, i) => [columns[i]?.title ?? '', cell.note ? `${cell.text}\n(${cell.note})` : cell.text] as const,
    );
    // The first two pairs (the row's number and the start of its question) begin on the same page.
    const opening = pairs.slice(0, 2).reduce((sum, [, value]) => sum + this.heightOf(value, this.width - 100), 0);
    this.ensure(Math.min(opening, this.pageHeight / 2));
    this.rule();
    this.fields(pairs, 100);
    this.rule();
  }

  /** A thin line across the page at `y`. */
  rule(): void {
    const y = this.doc.y + 1;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.75)
      .strokeColor(colours.rule)
      .stroke();
    this.doc.y = y + 3;
  }

  private cellHeight(cell: Cell, width: number): number {
    const inner = width - cellPadding.x * 2;
    const note = cell.note ? this.heightOf(cell.note, inner, { size: sizes.small }) : 0;
    return this.heightOf(cell.text, inner, cell) + note;
  }

  private rowHeight(columns: readonly Column[], cells: readonly Cell[]): number {
    const heights = cells.map((cell, i) => this.cellHeight(cell, columns[i]?.width ?? 0));
    return Math.max(...heights) + cellPadding.y * 2;
  }

  private row(columns: readonly Column[], cells: readonly Cell[], background?: string): void {
    const height = this.rowHeight(columns, cells);
    const top = this.doc.y;
    if (background) this.doc.rect(this.left, top, this.width, height).fill(background);
    let x = this.left;
    cells.forEach((cell, i) => {
      const width = columns[i]?.width ?? 0;
      const inner = width - cellPadding.x * 2;
      this.text(cell.text, x + cellPadding.x, top + cellPadding.y, inner, cell);
      if (cell.note)
        this.text(cell.note, x + cellPadding.x, this.doc.y, inner, { size: sizes.small, colour: colours.muted });
      x += width;
    });
    this.doc.y = top + height;
  }

  /** "Page N of M" on every page, and `left` (release and doctor) beside it. */
  footer(left: string): void {
    const { start, count } = this.doc.bufferedPageRange();
    const y = paper.height - margins.bottom + 24;
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      // Writing below the bottom margin would make pdfkit start a new page: lift the margin meanwhile.
      this.doc.page.margins.bottom = 0;
      const number = `Page ${index - start + 1} of ${count}`;
      const numberWidth = this.use({ size: sizes.small }).doc.widthOfString(number);
      this.text(left, this.left, y, this.width - numberWidth - 12, { size: sizes.small, colour: colours.muted }, true);
      this.text(number, this.left + this.width - numberWidth, y, numberWidth, {
        size: sizes.small,
        colour: colours.muted,
      });
      this.doc.page.margins.bottom = margins.bottom;
    }
  }

  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
