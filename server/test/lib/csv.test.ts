import { neutralizeFormula, parseCsv, toCsv } from '../../src/lib/csv';

describe('parseCsv (RFC 4180)', () => {
  it('reads records with CRLF or LF endings, a BOM, and skips blank lines', () => {
    expect(parseCsv('\uFEFFname,email\r\nAda,ada@example.com\n\nBo,bo@example.com')).toEqual([
      { line: 1, fields: ['name', 'email'] },
      { line: 2, fields: ['Ada', 'ada@example.com'] },
      { line: 4, fields: ['Bo', 'bo@example.com'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and counts lines through them', () => {
    const records = parseCsv('name,note\r\n"Smith, Jo","say ""hi"""\r\n"two\r\nlines",x\r\nlast,"",\r\n');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['Smith, Jo', 'say "hi"'] },
      { line: 3, fields: ['two\r\nlines', 'x'] },
      { line: 5, fields: ['last', '', ''] },
    ]);
  });

  it('reports a malformed record and goes on with the next line', () => {
    const records = parseCsv('a,b\nbad"quote,x\n"closed"after,y\n"never closed,z\nok,fine\n');
    expect(records.map((record) => [record.line, record.error === undefined])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, true],
    ]);
    expect(records[1]!.error).toMatch(/quote inside a field that is not quoted/);
    expect(records[2]!.error).toMatch(/text follows a closing quote/);
    expect(records[3]!.error).toMatch(/never closed/);
    expect(records[4]!.fields).toEqual(['ok', 'fine']);
  });

  it('does not let a stray quote swallow the next row, even when a later quote closes it', () => {
    const records = parseCsv('a,b,c\n1,"stray,x\n2,y,"Smith, Jo"\n3,z,w\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      expect.objectContaining({ line: 2, error: expect.stringMatching(/not closed on its line/) }),
      { line: 3, fields: ['2', 'y', 'Smith, Jo'] },
      { line: 4, fields: ['3', 'z', 'w'] },
    ]);
  });

  it('reads what toCsv writes', () => {
    const rows = [
      ['name', 'note'],
      ['A "quoted", name', 'line\nbreak'],
      ['plain', ''],
    ];
    expect(parseCsv(toCsv(rows)).map((record) => record.fields)).toEqual(rows);
  });
});

describe('toCsv', () => {
  it('quotes only what needs it and ends every record with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'say "x"']])).toBe('a,"b,c","say ""x"""\r\n');
  });

  it('keeps spreadsheets from running a cell as a formula', () => {
    for (const cell of ['=1+1', '+44 20', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    }
    expect(neutralizeFormula('Ada')).toBe('Ada');
    expect(toCsv([['=HYPERLINK("http://x")']])).toBe('"\'=HYPERLINK(""http://x"")"\r\n');
  });
});
