// Insights (docs/insights.md): every figure against the textbook formulas, computed here straight
// from the definitions on the answer matrix (two passes, no aggregates), on a fixed data set with
// a question keyed wrong on purpose; the routes' access, filters, bad input and CSV.
import {
  insightCsvColumns,
  insightsResponseSchema,
  insightThresholds,
  insightTimeBucketsMs,
  type InsightsResponse,
} from '@prometrica/shared-api/contract';
import { parseCsv } from '../../src/lib/csv';
import { questionSet } from '../../src/modules/questions/service';
import { call, clearDemoContent, newParticipant } from '../helpers/api';
import { appForTests } from '../helpers/build';
import { signedIn } from '../helpers/api';

const subject = appForTests({ signIn: 'admin' });

interface SheetQuestion {
  question: string;
  questionType: 'mcq' | 'truefalse' | 'fill_in_the_blanks';
  options: string[];
  correctAnswer: string;
  category: string;
}

// Two categories; "Boiling point" is keyed wrong on purpose (its key says 50).
const sheet: SheetQuestion[] = [
  {
    question: 'Primary colour?',
    questionType: 'mcq',
    options: ['Red', 'Green', 'Brown', 'Grey'],
    correctAnswer: 'Red',
    category: 'Science',
  },
  { question: 'Water is wet', questionType: 'truefalse', options: [], correctAnswer: 'true', category: 'Science' },
  {
    question: 'Capital of France',
    questionType: 'fill_in_the_blanks',
    options: [],
    correctAnswer: 'Paris',
    category: 'Science',
  },
  {
    question: 'Boiling point of water (°C)?',
    questionType: 'mcq',
    options: ['100', '50', '0'],
    correctAnswer: '50',
    category: 'Physics',
  },
  {
    question: 'Light is faster than sound',
    questionType: 'truefalse',
    options: [],
    correctAnswer: 'true',
    category: 'Physics',
  },
  {
    question: 'Unit of force?',
    questionType: 'mcq',
    options: ['Newton', 'Joule', 'Watt', 'Pascal'],
    correctAnswer: 'Newton',
    category: 'Physics',
  },
];

/**
 * Each participant's answers, in sheet order, and seconds spent per question (null: not saved).
 * Strong participants answer "100" on the wrongly keyed question, weak ones "50" or "0".
 */
const people: Array<{ answers: string[]; seconds?: number[] }> = [
  { answers: ['Red', 'true', 'Paris', '100', 'true', 'Newton'], seconds: [4, 2, 9, 12, 3, 5] },
  { answers: ['Red', 'true', 'paris', '100', 'true', 'Newton'], seconds: [6, 1, 7, 30, 2, 8] },
  { answers: ['Red', 'true', 'Paris', '100', 'true', 'Joule'], seconds: [3, 2, 15, 20, 4, 6] },
  { answers: ['Red', 'true', 'Lyon', '100', 'true', 'Newton'], seconds: [5, 3, 11, 45, 1, 7] },
  { answers: ['Green', 'true', 'Paris', '100', 'false', 'Newton'], seconds: [8, 2, 6, 25, 2, 9] },
  { answers: ['Red', 'false', 'Paris', '50', 'true', 'Watt'] },
  { answers: ['Brown', 'true', 'Rome', '50', 'true', 'Newton'] },
  { answers: ['Red', 'false', 'Lyon', '0', 'false', 'Joule'] },
  { answers: ['Green', 'false', 'Paris', '50', 'true', 'Pascal'] },
  { answers: ['Grey', 'true', 'Madrid', '0', 'false', 'Watt'] },
  { answers: ['Brown', 'false', 'Rome', '50', 'false', 'Joule'] },
  { answers: ['Red', 'true', 'Paris', '100', 'true', 'Newton'] },
];

// ---- The reference: the textbook definitions on the matrix, nothing shared with the server ----

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Population central moment of order k (two-pass: the mean first). */
const moment = (xs: number[], k: number) => {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** k, 0) / xs.length;
};
const sampleSd = (xs: number[]) => Math.sqrt((moment(xs, 2) * xs.length) / (xs.length - 1));
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const skewness = (xs: number[]) => {
  const n = xs.length;
  return (Math.sqrt(n * (n - 1)) / (n - 2)) * (moment(xs, 3) / moment(xs, 2) ** 1.5);
};
const kurtosis = (xs: number[]) => {
  const n = xs.length;
  return ((n - 1) / ((n - 2) * (n - 3))) * ((n + 1) * (moment(xs, 4) / moment(xs, 2) ** 2 - 3) + 6);
};
const pearson = (xs: number[], ys: number[]) => {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};
/** KR-20 over the items' columns (population variances), and SEM = sd · √(1 − alpha) in percentage points. */
const kr20 = (columns: number[][], percents: number[]) => {
  const k = columns.length;
  const totals = columns[0]!.map((_, p) => columns.reduce((s, column) => s + column[p]!, 0));
  const alpha = (k / (k - 1)) * (1 - columns.reduce((s, column) => s + moment(column, 2), 0) / moment(totals, 2));
  return { alpha, sem: sampleSd(percents) * Math.sqrt(1 - alpha) };
};
const histogram = (percents: number[]) =>
  Array.from({ length: 10 }, (_, b) => ({
    from: b * 10,
    to: b * 10 + 10,
    count: percents.filter((x) => Math.min(9, Math.floor(x / 10)) === b).length,
  }));

/** The sheet's indexes in the version's quiz order (read once the questions are stored). */
let quizOrder: number[] = [];

function reference() {
  const sheet = quizOrder.map((i) => sheetInSheetOrder[i]!);
  const people = peopleInSheetOrder.map((person) => ({
    answers: quizOrder.map((i) => person.answers[i]!),
    seconds: person.seconds && quizOrder.map((i) => person.seconds![i]!),
  }));
  const categoryNames = [...new Set(sheet.map((q) => q.category))];
  const matrix = people.map((person) => sheet.map((q, i) => (same(person.answers[i]!, q.correctAnswer) ? 1 : 0)));
  const columns = sheet.map((_, i) => matrix.map((row) => row[i]!));
  const totals = matrix.map((row) => row.reduce((s: number, x) => s + x, 0));
  const percents = totals.map((t) => (100 * t) / sheet.length);
  const distribution = (xs: number[], items: number[][]) => ({
    mean: mean(xs),
    median: median(xs),
    sd: sampleSd(xs),
    skewness: skewness(xs),
    kurtosis: kurtosis(xs),
    histogram: histogram(xs),
    reliability: kr20(items, xs),
  });
  const categories = categoryNames.map((name) => {
    const items = sheet.flatMap((q, i) => (q.category === name ? [columns[i]!] : []));
    const scores = matrix.map((_, p) => items.reduce((s, column) => s + column[p]!, 0));
    return {
      categoryName: name,
      ...distribution(
        scores.map((s) => (100 * s) / items.length),
        items,
      ),
    };
  });
  const questions = sheet.map((q, i) => {
    const rest = totals.map((t, p) => t - columns[i]![p]!);
    const offered = q.questionType === 'mcq' ? q.options : q.questionType === 'truefalse' ? ['True', 'False'] : [];
    return {
      facility: mean(columns[i]!),
      discrimination: pearson(columns[i]!, rest),
      options: offered.map((option) => {
        const choosers = people.flatMap((person, p) => (same(person.answers[i]!, option) ? [p] : []));
        return {
          option,
          chosen: choosers.length,
          share: choosers.length / people.length,
          meanRestPercent: choosers.length ? mean(choosers.map((p) => (100 * rest[p]!) / (sheet.length - 1))) : null,
        };
      }),
      // The grouped median of the times: the bucket holding the middle, interpolated within it.
      medianTimeMs: groupedMedian(people.flatMap((person) => (person.seconds ? [person.seconds[i]! * 1000] : []))),
      exactMedianMs: median(people.flatMap((person) => (person.seconds ? [person.seconds[i]! * 1000] : []))),
    };
  });
  const passed = percents.filter((x) => Math.round(x) >= 50).length;
  return {
    sheet,
    cohort: { ...distribution(percents, columns), passed, passRate: passed / people.length },
    categories,
    questions,
  };
}

function groupedMedian(times: number[]): number {
  const bounds = [...insightTimeBucketsMs];
  const counts = bounds.map(
    (lower, b) => times.filter((t) => t >= lower && (b + 1 === bounds.length || t < bounds[b + 1]!)).length,
  );
  let before = 0;
  for (let b = 0; b < counts.length; b++) {
    if (counts[b]! > 0 && before + counts[b]! >= times.length / 2) {
      return bounds[b]! + ((times.length / 2 - before) / counts[b]!) * (bounds[b + 1]! - bounds[b]!);
    }
    before += counts[b]!;
  }
  throw new Error('no median');
}

const sheetInSheetOrder = sheet;
const peopleInSheetOrder = people;

// ---- The data set, through the API ----

let version = 0;
const insights = async (query = '', token = subject.token) =>
  call(subject.app, 'GET', `/api/admin/insights${query}`, { token });
const figures = async (query = ''): Promise<InsightsResponse> => {
  const response = await insights(query);
  expect(response.statusCode).toBe(200);
  return insightsResponseSchema.strict().parse(response.json());
};

beforeAll(async () => {
  await clearDemoContent(subject.app);
  for (const name of ['Science', 'Physics']) {
    const made = await call(subject.app, 'POST', '/api/category', { token: subject.token, payload: { name } });
    expect(made.statusCode).toBe(201);
  }
  for (const q of sheet) {
    const response = await call(subject.app, 'POST', '/api/admin/addquestion', { token: subject.token, payload: q });
    expect(response.statusCode).toBe(201);
  }
  version = (await questionSet(subject.app).latest()).version;
  const records = (await questionSet(subject.app).latest()).records;
  const ids = sheet.map((q) => records.find((record) => record.question === q.question)!.id);
  quizOrder = records.map((record) => sheet.findIndex((q) => q.question === record.question));
  for (const [index, person] of people.entries()) {
    const participant = await newParticipant(subject.app);
    if (person.seconds) {
      for (const [i, id] of ids.entries()) {
        const saved = await call(subject.app, 'POST', '/api/user/answer', {
          token: participant.token,
          payload: {
            questionId: id,
            userAnswer: person.answers[i],
            questionSetVersion: version,
            timeMs: person.seconds[i]! * 1000,
          },
        });
        expect(saved.statusCode).toBe(200);
      }
    }
    const response = await call(subject.app, 'POST', '/api/user/submitanswer', {
      token: participant.token,
      payload: {
        name: 'Guest User',
        email: 'Not Provided',
        contactno: 'Not Provided',
        questionSetVersion: version,
        answers: ids.map((id, i) => ({ questionId: id, userAnswer: person.answers[i] })),
      },
    });
    expect(response.statusCode).toBe(201);
    // Spread over two days (the first eight on 1 March, the rest on 2 March) for the range filter.
    const day = index < 8 ? '2025-03-01' : '2025-03-02';
    await subject.app.db
      .updateTable('results')
      .set({ created_at: `${day}T10:00:0${index % 10}.000Z` })
      .where('participant_id', '=', participant.id)
      .execute();
  }
  // The times were changed behind the submission's back: the aggregates are counted again.
  const { rebuildAggregates } = await import('../../src/modules/insights/rebuild');
  await rebuildAggregates(subject.app.db);
});

const close = (actual: number | null, expected: number | null) => {
  if (expected === null || Number.isNaN(expected)) return expect(actual).toBeNull();
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(1e-9);
};

describe('GET /api/admin/insights', () => {
  it('gives every figure as the textbook formulas give it, to 1e-9', async () => {
    const body = await figures();
    const expected = reference();
    expect(body.version).toBe(version);
    expect(body.cohort).toMatchObject({
      participants: people.length,
      questions: sheet.length,
      passed: expected.cohort.passed,
    });
    for (const key of ['mean', 'median', 'sd', 'skewness', 'kurtosis', 'passRate'] as const) {
      close(body.cohort[key], expected.cohort[key]);
    }
    close(body.cohort.reliability.alpha, expected.cohort.reliability.alpha);
    close(body.cohort.reliability.sem, expected.cohort.reliability.sem);
    expect(body.cohort.histogram).toEqual(expected.cohort.histogram);

    expect(body.categories.map((c) => c.categoryName)).toEqual(expected.categories.map((c) => c.categoryName));
    for (const [index, category] of body.categories.entries()) {
      const want = expected.categories[index]!;
      expect(category).toMatchObject({ participants: people.length, questions: 3 });
      for (const key of ['mean', 'median', 'sd', 'skewness', 'kurtosis'] as const) close(category[key], want[key]);
      close(category.reliability.alpha, want.reliability.alpha);
      close(category.reliability.sem, want.reliability.sem);
      expect(category.histogram).toEqual(want.histogram);
    }

    expect(body.questions.map((q) => q.question)).toEqual(expected.sheet.map((q) => q.question));
    for (const [index, row] of body.questions.entries()) {
      const want = expected.questions[index]!;
      expect(row).toMatchObject({ position: index + 1, answered: people.length, editable: true, timedAnswers: 5 });
      close(row.facility, want.facility);
      close(row.discrimination, want.discrimination);
      expect(row.options.map((o) => [o.option, o.chosen])).toEqual(want.options.map((o) => [o.option, o.chosen]));
      row.options.forEach((option, o) => {
        close(option.share, want.options[o]!.share);
        close(option.meanRestPercent, want.options[o]!.meanRestPercent);
      });
      close(row.medianTimeMs, want.medianTimeMs);
      // Bucketed: the exact median lies in the bucket the reported one is in.
      const bucket = (ms: number) => insightTimeBucketsMs.filter((lower) => ms >= lower).length;
      expect(bucket(row.medianTimeMs!)).toBe(bucket(want.exactMedianMs));
    }
  });

  it('flags the question keyed wrong, and the easy and hard ones, by the thresholds', async () => {
    const body = await figures();
    const expected = reference();
    const boiling = body.questions.find((q) => q.question.startsWith('Boiling'))!;
    expect(boiling.flags).toContain('check_key');
    expect(boiling.options.find((o) => o.option === '100')!.meanRestPercent!).toBeGreaterThan(
      boiling.options.find((o) => o.correct)!.meanRestPercent!,
    );
    for (const [index, row] of body.questions.entries()) {
      const want = expected.questions[index]!;
      const flags = [
        ...(want.facility > insightThresholds.tooEasyAbove ? ['too_easy'] : []),
        ...(want.facility < insightThresholds.tooHardBelow ? ['too_hard'] : []),
        ...(want.discrimination < insightThresholds.checkKeyBelow ? ['check_key'] : []),
      ];
      expect(row.flags).toEqual(flags);
    }
  });

  it('filters by submission days and lists the versions with their results', async () => {
    expect((await figures('?from=2025-03-01&to=2025-03-01')).cohort.participants).toBe(8);
    expect((await figures('?from=2025-03-02')).cohort.participants).toBe(4);
    expect((await figures('?to=2025-02-28')).cohort).toMatchObject({ participants: 0, mean: null, passRate: null });
    expect((await figures('?from=2025-01-01&to=2025-12-31')).cohort.participants).toBe(12);
    expect((await figures('?from=2025-02-15&to=2025-03-01')).cohort.participants).toBe(8);
    const body = await figures(`?version=${version}`);
    expect(body.versions.find((v) => v.version === version)).toMatchObject({
      participants: 12,
      questions: 6,
      current: true,
    });
  });

  it('refuses bad input with 400 naming the field, and an unknown version with 404', async () => {
    for (const [query, field] of [
      ['?version=abc', 'version'],
      ['?version=0', 'version'],
      ['?version=1.5', 'version'],
      ['?from=2025-13-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2025-03-02&to=2025-03-01', 'from'],
    ] as const) {
      const response = await insights(query);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(field);
    }
    expect((await insights('?version=999999')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await call(subject.app, 'GET', '/api/admin/insights')).statusCode).toBe(401);
    const user = await signedIn(subject.app, 'user');
    expect((await insights('', user.token)).statusCode).toBe(403);
    expect((await call(subject.app, 'GET', '/api/admin/insights/export', { token: user.token })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/insights/export', () => {
  it('sends the question table as CSV under the same filters', async () => {
    const response = await call(subject.app, 'GET', '/api/admin/insights/export?from=2025-03-01', {
      token: subject.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`insights-v${version}-2025-03-01`);
    const records = parseCsv(response.body).map((record) => record.fields);
    expect(records[0]).toEqual([...insightCsvColumns]);
    expect(records).toHaveLength(sheet.length + 1);
    const body = await figures('?from=2025-03-01');
    const boiling = records.find((fields) => fields[2]!.startsWith('Boiling'))!;
    const row = body.questions.find((q) => q.question.startsWith('Boiling'))!;
    expect(Number(boiling[7])).toBeCloseTo(row.facility!, 4);
    expect(Number(boiling[8])).toBeCloseTo(row.discrimination!, 4);
    expect(boiling[9]).toContain('50 (key)');
    expect(boiling[11]).toContain('check_key');
    expect(
      (await call(subject.app, 'GET', '/api/admin/insights/export?version=x', { token: subject.token })).statusCode,
    ).toBe(400);
  });
});
