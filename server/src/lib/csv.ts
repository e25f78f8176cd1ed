// CSV as RFC 4180 writes it: fields separated by commas, records by CRLF (a bare LF is taken too),
// a field in double quotes may hold commas, line breaks and doubled quotes. Spreadsheets export
// this, so what an admin saves from one is read as they see it.

/** One record of a file: its fields, or why it could not be read, and the line it starts on. */
export interface CsvRecord {
  /** 1-based line of the file the record starts on (a quoted line break makes a record span lines). */
  line: number;
  fields: string[];
  /** Set when the record is malformed; `fields` is then what could be read. */
  error?: string;
}

/**
 * Splits CSV text into records. A blank line is no record. A malformed record (a quote inside an
 * unquoted field, text after a closing quote, a quote never closed) is returned with `error`, and
 * reading goes on with the next line, so one bad row costs only itself.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  // A byte order mark is how some spreadsheets start a UTF-8 file; it is no part of the first name.
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let position = 0;
  let line = 1;

  while (position < input.length) {
    const startLine = line;
    const fields: string[] = [];
    let error: string | undefined;
    let field = '';
    let atRecordEnd = false;

    while (!atRecordEnd) {
      if (input[position] === '"') {
        // A quoted field: up to the quote that is not doubled.
        const opened = line;
        const quoteAt = position;
        position += 1;
        let closed = false;
        while (position < input.length) {
          const character = input[position]!;
          if (character === '"') {
            if (input[position + 1] === '"') {
              field += '"';
              position += 2;
              continue;
            }
            position += 1;
            closed = true;
            break;
          }
          if (character === '\n') line += 1;
          field += character;
          position += 1;
        }
        const next = input[position];
        const malformedAfter = closed && next !== undefined && next !== ',' && next !== '\n' && next !== '\r';
        if (!closed || (malformedAfter && line > opened)) {
          // Most likely a stray quote, closed (if at all) by the quote of a later row: the record
          // ends with its own line, and the lines after it are read as records of their own
          // rather than swallowed into this field.
          error ??= closed
            ? 'a quote that is not closed on its line (a quote inside a field must be doubled: "")'
            : 'a quote that is never closed (a quote inside a field must be doubled: "")';
          const lineEnd = input.indexOf('\n', quoteAt);
          position = lineEnd === -1 ? input.length : lineEnd + 1;
          line = lineEnd === -1 ? opened : opened + 1;
          fields.push(field);
          break;
        }
        if (malformedAfter) {
          error ??= 'text follows a closing quote (a quote inside a field must be doubled: "")';
          // Skip to the next field or record so the rest of the file is still read.
          while (position < input.length && input[position] !== ',' && input[position] !== '\n') position += 1;
        }
      } else {
        while (position < input.length) {
          const character = input[position]!;
          if (character === ',' || character === '\n' || (character === '\r' && input[position + 1] === '\n')) break;
          if (character === '"')
            error ??= 'a quote inside a field that is not quoted (quote the field, and double the quote)';
          field += character;
          position += 1;
        }
      }
      fields.push(field);
      field = '';
      const separator = input[position];
      if (separator === ',') {
        position += 1;
      } else {
        // End of record: CRLF, LF, a lone CR after a quoted field, or the end of the text.
        if (separator === '\r') position += 1;
        if (input[position] === '\n') position += 1;
        if (separator !== undefined) line += 1;
        atRecordEnd = true;
      }
    }

    const blank = fields.length === 1 && fields[0]!.trim() === '' && error === undefined;
    if (!blank) records.push({ line: startLine, fields, ...(error ? { error } : {}) });
  }
  return records;
}

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, or a tab or carriage return
 * that some of them skip first) gets a leading apostrophe, so an exported name like
 * `=HYPERLINK(...)` is shown as text, never evaluated (CSV injection).
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A value of a written CSV: text, a number, or nothing (an empty field). */
export type CsvCell = string | number | null;

/** One field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function csvField(cell: CsvCell): string {
  if (typeof cell !== 'string') return cell === null ? '' : String(cell);
  const value = neutralizeFormula(cell);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Rows as CSV text (RFC 4180: CRLF after every record, fields quoted when they hold a comma, a quote
 * or a line break), every text cell safe to open in a spreadsheet (`neutralizeFormula`). `bom`
 * starts the text with a byte order mark, so Excel reads it as UTF-8. A long file is written a
 * batch of rows per call. Written here rather than by csv-stringify: on an export's rows this is
 * five to twenty times faster (docs/reports.md), the difference between meeting the export's time
 * budget and not.
 */
export function toCsv(rows: ReadonlyArray<readonly CsvCell[]>, options: { bom?: boolean } = {}): string {
  let text = options.bom ? '\uFEFF' : '';
  for (const row of rows) text += `${row.map(csvField).join(',')}\r\n`;
  return text;
}
