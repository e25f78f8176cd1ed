import ExcelJS from 'exceljs';
import { performanceOf, resultExportSheets } from '@prometrica/shared-api/contract';
import { parseCsv } from '../../src/lib/csv';
import { decodeAnswers, decodeCategories } from '../../src/modules/results/service';
import { appForTests } from '../helpers/build';
import { call, newParticipant, signedIn, submitAll } from '../helpers/api';
import { rebuildAggregates } from '../../src/modules/insights/service';

// GET /api/admin/results/export: the results under the list's filters as CSV and XLSX, every value
// checked against the database, formula-like text neutralised, and refusals naming the field.

/** Names a spreadsheet would run as formulas (OWASP CSV injection), and one that needs quoting. */
const people = [
  { name: '=HYPERLINK("http://x")', email: 'one@inject.org', wrong: 0, at: '2025-05-01T09:00:00.000Z' },
  { name: '+1', email: 'two@inject.org', wrong: 8, at: '2025-05-02T09:00:00.000Z' },
  { name: '-2', email: 'three@inject.org', wrong: 3, at: '2025-05-03T09:00:00.000Z' },
  { name: '@SUM(A1)', email: 'four@inject.org', wrong: 11, at: '2025-05-04T09:00:00.000Z' },
  { name: '\t=1', email: 'five@inject.org', wrong: 5, at: '2025-05-05T09:00:00.000Z' },
  { name: '\r=1', email: 'six@inject.org', wrong: 1, at: '2025-05-06T09:00:00.000Z' },
  { name: 'Zoë "Quote", Ñúñez\nΩμέγα', email: 'seven@plain.org', wrong: 6, at: '2025-05-07T09:00:00.000Z' },
];

const subject = appForTests({ signIn: 'admin' });
let concernTitles: string[] = [];

beforeAll(async () => {
  const db = subject.app.db;
  const concerns = (await call(subject.app, 'GET', '/api/complaint-bother/get-all', { token: subject.token })).json<{
    complaints: Array<{ _id: string; title: string; botherOptions: string[] }>;
  }>().complaints;
  concernTitles = concerns.map((concern) => concern.title);
  for (const [index, person] of people.entries()) {
    const participant = await newParticipant(subject.app, { name: `Person ${index}`, email: person.email });
    expect((await submitAll(subject.app, participant.token, (_, question) => question < person.wrong)).statusCode).toBe(
      201,
    );
    // Every other participant rates two concerns.
    if (index % 2 === 0) {
      const rated = await call(subject.app, 'POST', '/api/complaint-bother/add-complaint', {
        token: participant.token,
        payload: [
          { complaintId: concerns[0]!._id, botherOptions: [concerns[0]!.botherOptions[index % 3]!] },
          { complaintId: concerns[2]!._id, botherOptions: [concerns[2]!.botherOptions[0]!] },
        ],
      });
      expect(rated.statusCode).toBe(201);
    }
    // Names as the database may hold them (an import, an older version): the export must not trust them.
    await db
      .updateTable('participants')
      .set({ name: person.name, name_lower: person.name.toLowerCase() })
      .where('id', '=', participant.id)
      .execute();
    await db
      .updateTable('results')
      .set({ created_at: person.at })
      .where('participant_id', '=', participant.id)
      .execute();
  }
  // Submission days moved behind the submissions' back: the aggregates are counted again.
  await rebuildAggregates(db);
  const released = await db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .select(['results.id', 'results.participant_id'])
    .where('participants.email', '=', 'three@inject.org')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('reports')
    .values({
      result_id: released.id,
      participant_id: released.participant_id,
      created_at: '2025-06-01T00:00:00.000Z',
      released_at: '2025-06-02T00:00:00.000Z',
    })
    .execute();
});

/** The export as the admin downloads it; `token: null` sends none. */
const download = (query: string, token: string | null = subject.token) =>
  subject.app.inject({
    method: 'GET',
    url: `/api/admin/results/export?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** What the database holds of the results, oldest first, as the export should show them. */
async function storedResults() {
  const rows = await subject.app.db
    .selectFrom('results')
    .innerJoin('participants', 'participants.id', 'results.participant_id')
    .innerJoin('result_answers', 'result_answers.result_id', 'results.id')
    .leftJoin('agreements', 'agreements.participant_id', 'participants.id')
    .leftJoin('concern_submissions', 'concern_submissions.participant_id', 'participants.id')
    .leftJoin('reports', 'reports.result_id', 'results.id')
    .select([
      'results.id',
      'results.participant_id',
      'participants.name',
      'participants.email',
      'participants.phone',
      'participants.created_at as entered_at',
      'agreements.created_at as consented_at',
      'concern_submissions.created_at as concerns_at',
      'results.created_at',
      'results.question_set_version',
      'results.correct',
      'results.wrong',
      'results.total',
      'results.percent',
      'results.passed',
      'results.categories',
      'result_answers.answers',
      'reports.released_at',
    ])
    .orderBy('results.created_at')
    .orderBy('results.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    categories: decodeCategories(row.categories),
    answers: decodeAnswers(row.answers),
  }));
}

/** The cell a text becomes in the export: formula-like text with a leading apostrophe. */
const neutral = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The expected results sheet: header and rows as text (numbers written as numbers read back as text). */
async function expectedSheet() {
  const stored = await storedResults();
  const categories = [...new Set(stored.flatMap((result) => result.categories.map((c) => c.categoryName)))].sort(
    (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }),
  );
  const questions = stored[0]!.answers.map((answer) => ({ id: answer.questionId, text: answer.questionText }));
  const header = [
    'Result ID',
    'Participant ID',
    'Name',
    'Email',
    'Phone',
    'Entered',
    'Invited',
    'Consented',
    'Submitted',
    'Concerns rated',
    'Question set version',
    'Correct',
    'Wrong',
    'Total',
    'Percent',
    'Passed',
    'Report status',
    'Report released',
    'Report opened',
    ...categories.flatMap((name) => [`${name}: correct`, `${name}: total`, `${name}: percent`, `${name}: band`]),
    ...questions.map((question, index) => `Q${index + 1}: ${question.text}`),
    'Other answers',
  ].map(neutral);
  const rows = stored.map((result) => {
    const figures = new Map(result.categories.map((figure) => [figure.categoryName, figure]));
    const answers = new Map(result.answers.map((answer) => [answer.questionId, answer.userAnswer]));
    return [
      result.id,
      result.participant_id,
      neutral(result.name),
      result.email,
      neutral(result.phone),
      result.entered_at,
      '',
      result.consented_at ?? '',
      result.created_at,
      result.concerns_at ?? '',
      String(result.question_set_version),
      String(result.correct),
      String(result.wrong),
      String(result.total),
      String(result.percent),
      Number(result.passed) === 1 ? 'yes' : 'no',
      result.released_at ? 'released' : 'draft',
      result.released_at ?? '',
      '',
      ...categories.flatMap((name) => {
        const figure = figures.get(name)!;
        return [String(figure.correct), String(figure.total), String(figure.percent), performanceOf(figure.percent)];
      }),
      ...questions.map((question) => neutral(answers.get(question.id) ?? '')),
      '',
    ];
  });
  return { header, rows, stored };
}

/** A CSV reply's records, after checking it starts with the byte order mark and ends lines with CRLF. */
function csvRecords(payload: Buffer): string[][] {
  expect([...payload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = payload.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const records = parseCsv(text);
  expect(records.filter((record) => record.error)).toEqual([]);
  return records.map((record) => record.fields);
}

/** A worksheet's rows as text, every row as wide as the header (empty cells as ''). */
function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= width; column += 1) {
      const value = row.getCell(column).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    rows.push(cells);
  });
  return rows;
}

async function readXlsx(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

describe('GET /api/admin/results/export?format=csv', () => {
  it('writes one row per result, oldest first, with every column the database holds, as a UTF-8 CSV Excel opens', async () => {
    const response = await download('format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="results-${day}.csv"; filename*=UTF-8''results-${day}.csv`,
    );
    expect(response.headers['x-export-rows']).toBe(String(people.length));
    const { header, rows } = await expectedSheet();
    const records = csvRecords(response.rawPayload);
    expect(records[0]).toEqual(header);
    expect(records.slice(1)).toEqual(rows);
    // 19 columns, four figures for each of the 4 categories, one per question (12), other answers.
    expect(header).toHaveLength(19 + 4 * 4 + 12 + 1);
  });

  it('neutralises every formula-like name, keeps quotes, commas and line breaks inside one quoted field', async () => {
    const text = (await download('format=csv')).rawPayload.toString('utf8');
    for (const person of people.slice(1, 5)) expect(text).toContain(`,'${person.name},`);
    expect(text).toContain(',"\'=HYPERLINK(""http://x"")",');
    expect(text).toContain(',"\'\r=1",');
    expect(text).toContain(',"Zoë ""Quote"", Ñúñez\nΩμέγα",');
    const names = csvRecords((await download('format=csv')).rawPayload)
      .slice(1)
      .map((record) => record[2]);
    expect(names).toEqual(people.map((person) => neutral(person.name)));
  });

  it('applies the list filters: pass, search, submission days and report status', async () => {
    const { stored } = await expectedSheet();
    const cases: Array<[string, (result: (typeof stored)[number]) => boolean]> = [
      ['passed=true', (result) => Number(result.passed) === 1],
      ['passed=false', (result) => Number(result.passed) === 0],
      ['search=inject.org', (result) => result.email.endsWith('@inject.org')],
      ['search=@', (result) => result.name.includes('@') || result.email.includes('@')],
      [
        'from=2025-05-02&to=2025-05-04',
        (result) => result.created_at >= '2025-05-02' && result.created_at < '2025-05-05',
      ],
      ['report=released', (result) => result.released_at !== null],
      ['report=draft&passed=true', (result) => result.released_at === null && Number(result.passed) === 1],
      ['report=opened', () => false],
    ];
    for (const [query, keep] of cases) {
      const response = await download(`format=csv&${query}`);
      const ids = csvRecords(response.rawPayload)
        .slice(1)
        .map((record) => record[0]);
      const expected = stored.filter(keep).map((result) => result.id);
      expect({ query, ids, rows: response.headers['x-export-rows'] }).toEqual({
        query,
        ids: expected,
        rows: String(expected.length),
      });
    }
  });

  it('writes the concerns ratings as a second file (part=concerns), one row per rated concern', async () => {
    const response = await download('format=csv&part=concerns&from=2025-05-02');
    expect(response.statusCode).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toContain(`filename="concerns-${day}.csv"`);
    const records = csvRecords(response.rawPayload);
    expect(records[0]).toEqual([
      'Result ID',
      'Participant ID',
      'Name',
      'Email',
      'Rated',
      'Concern',
      'Description',
      'Rating',
      'Status',
    ]);
    const { stored } = await expectedSheet();
    // Raters: people 0, 2, 4 and 6; from 2 May: 2, 4 and 6, two ratings each.
    const raters = stored.filter((result) => result.concerns_at !== null && result.created_at >= '2025-05-02');
    expect(records.slice(1).map((record) => [record[0], record[2], record[5]])).toEqual(
      raters.flatMap((result) => [
        [result.id, neutral(result.name), concernTitles[0]],
        [result.id, neutral(result.name), concernTitles[2]],
      ]),
    );
    expect(response.headers['x-export-rows']).toBe(String(raters.length * 2));
    const ratings = await subject.app.db.selectFrom('concern_ratings').select(['chosen_options']).execute();
    const chosen = new Set(ratings.map((rating) => (JSON.parse(rating.chosen_options) as string[])[0]));
    for (const record of records.slice(1)) expect(chosen.has(record[7]!)).toBe(true);
  });
});

describe('GET /api/admin/results/export?format=xlsx', () => {
  it('holds the results and the concerns as two sheets with the values the CSV has, formulas neutralised', async () => {
    const response = await download('format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('.xlsx"');
    expect(response.headers['x-export-rows']).toBe(String(people.length));
    const workbook = await readXlsx(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      resultExportSheets.results,
      resultExportSheets.concerns,
    ]);
    const { header, rows } = await expectedSheet();
    const results = sheetRows(workbook.getWorksheet(resultExportSheets.results)!);
    expect(results[0]).toEqual(header);
    // XML reads a carriage return inside text as a line feed (end-of-line handling): '\r=1' comes back as '\n=1'.
    const asXmlReads = (cells: string[]) => cells.map((cell) => cell.replace(/\r\n?/g, '\n'));
    expect(results.slice(1)).toEqual(rows.map(asXmlReads));
    expect(results.map((row) => row[2])).toContain("'\n=1");
    // Figures are numbers, not text.
    expect(typeof workbook.getWorksheet(resultExportSheets.results)!.getRow(2).getCell(12).value).toBe('number');
    const csvConcerns = csvRecords((await download('format=csv&part=concerns')).rawPayload);
    expect(sheetRows(workbook.getWorksheet(resultExportSheets.concerns)!)).toEqual(csvConcerns);
  });
});

describe('GET /api/admin/results/export: refusals and records', () => {
  it('refuses a bad format, part, date or range with 400 naming the field', async () => {
    const refusals: Array<[string, string]> = [
      ['', 'format'],
      ['format=pdf', 'format'],
      ['format=csv&part=answers', 'part'],
      ['format=xlsx&part=concerns', 'part'],
      ['format=csv&from=2025-5-1', 'from'],
      ['format=csv&to=2025-02-30', 'to'],
      ['format=csv&from=2025-05-03&to=2025-05-02', 'from'],
      ['format=csv&report=sent', 'report'],
      ['format=csv&passed=maybe', 'passed'],
    ];
    for (const [query, field] of refusals) {
      const response = await download(query);
      expect({ query, status: response.statusCode, error: response.json().error }).toEqual({
        query,
        status: 400,
        error: field,
      });
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('is for admins only', async () => {
    expect((await download('format=csv', null)).statusCode).toBe(401);
    const user = await signedIn(subject.app, 'user');
    expect((await download('format=csv', user.token)).statusCode).toBe(403);
    const participant = await newParticipant(subject.app);
    expect((await download('format=csv', participant.token)).statusCode).toBe(401);
  });

  it('records each export in the audit log with its filters and row count', async () => {
    await download('format=xlsx&passed=true&from=2025-05-01');
    const entry = await subject.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'results.export')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    const passed = (await storedResults()).filter((result) => Number(result.passed) === 1).length;
    expect(entry).toMatchObject({ target_type: 'results' });
    expect(JSON.parse(entry.after!)).toEqual({
      format: 'xlsx',
      part: 'results',
      passed: 'true',
      from: '2025-05-01',
      rows: passed,
    });
  });
});

describe('GET /api/admin/results/export: results stored before question set versions were kept', () => {
  it("puts their answers under the current bank's questions, and an answer to a question gone since under Other answers", async () => {
    const db = subject.app.db;
    const legacy = (await storedResults()).find((result) => result.email === 'two@inject.org')!;
    const answers = legacy.answers.map((answer, index) =>
      index === 0 ? { ...answer, questionId: 'a-deleted-question', questionText: 'A question deleted since?' } : answer,
    );
    const stored = JSON.stringify(
      answers.map((a) => [a.questionId, a.questionText, a.userAnswer, a.correctAnswer, a.categoryName, a.isCorrect]),
    );
    await db.updateTable('results').set({ question_set_version: null }).where('id', '=', legacy.id).execute();
    await db.updateTable('result_answers').set({ answers: stored }).where('result_id', '=', legacy.id).execute();

    const records = csvRecords((await download('format=csv&search=two%40inject.org')).rawPayload);
    const [header, row] = records as [string[], string[]];
    const column = (name: string) => row[header.indexOf(name)];
    expect(column('Question set version')).toBe('');
    expect(column('Other answers')).toBe(`A question deleted since?: ${legacy.answers[0]!.userAnswer}`);
    // The other eleven answers under their questions' columns, the first question's column empty.
    const questionColumns = header.filter((name) => /^Q\d+: /.test(name));
    expect(questionColumns).toHaveLength(12);
    expect(row[header.indexOf(questionColumns[0]!)]).toBe('');
    expect(questionColumns.slice(1).map((name) => column(name))).toEqual(
      legacy.answers.slice(1).map((answer) => neutral(answer.userAnswer)),
    );
  });
});
