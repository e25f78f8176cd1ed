/** What the import form shows of a CSV before it is sent. */
export interface CsvPreview {
  /** Records below the header line (blank lines are no records, as the server reads them). */
  rows: number;
  /** The header line's column names, trimmed and unquoted. */
  columns: string[];
}

/**
 * Splits CSV text into records of fields (RFC 4180: fields in double quotes may hold commas, line
 * breaks and doubled quotes; lines end in LF or CRLF).
 */
function records(text: string): string[][] {
  const out: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      out.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field || record.length) {
    record.push(field);
    out.push(record);
  }
  return out;
}

/** A line holding nothing but spaces: no record. */
const blank = (record: string[]) => record.length === 1 && !record[0]!.trim();

/** The rows and columns of a CSV whose first non-blank line names the columns. */
export function previewCsv(text: string): CsvPreview {
  const filled = records(text.replace(/^\uFEFF/, '')).filter((record) => !blank(record));
  const [header, ...rows] = filled;
  return {
    rows: rows.length,
    columns: (header ?? []).map((name) => name.trim()).filter(Boolean),
  };
}
