import { aListedResult, resultListOf, signInAs } from './testing/fixtures';
import fs from 'node:fs';
import path from 'node:path';
import { mockApi } from '@prometrica/shared-api/testing';
import { chunkOfChild, parseDashboardSections, readDashboardSections } from '../../config/dashboard-sections.cjs';
import { layout, preloadDashboard, sectionsSettled } from './preload';
import { allSections, sectionOfChild, sections } from './sections';

test('a /dashboard address starts the layout and the section it shows; other addresses start nothing', () => {
  expect(preloadDashboard('/dashboard/result')).toEqual(['layout', 'results']);
  expect(preloadDashboard('/dashboard/Question-List?page=2')).toEqual(['layout', 'questions']);
  expect(preloadDashboard('/dashboard')).toEqual(['layout', 'overview']);
  expect(preloadDashboard('/dashboard/')).toEqual(['layout', 'overview']);
  expect(preloadDashboard('/dashboard/no-such-section')).toEqual(['layout']);
  expect(preloadDashboard('/dashboard/constructor')).toEqual(['layout']);
  expect(preloadDashboard('/login')).toEqual([]);
  expect(preloadDashboard('/details')).toEqual([]);
});

test('the results address asks for the first page of results along with the code', async () => {
  signInAs('admin');
  const { calls } = mockApi({
    'GET admin/getquizresult': resultListOf([aListedResult()], {
      summary: { total: 1, passed: 1, failed: 0, averagePercent: 80 },
    }),
  });
  preloadDashboard('/dashboard/result');
  await sectionsSettled(['results']);
  expect(calls.filter((c) => c.path === 'admin/getquizresult')).toHaveLength(1);
});

test("an address below a section's own (a result's report) loads the section without the list's prefetch", async () => {
  signInAs('admin');
  const { calls } = mockApi({ 'GET admin/getquizresult': resultListOf([aListedResult()]) });
  expect(preloadDashboard('/dashboard/result/r1/report')).toEqual(['layout', 'results']);
  await sectionsSettled(['results']);
  expect(calls.filter((c) => c.path === 'admin/getquizresult')).toHaveLength(0);
});

test('each section loads once, and its module holds the screens the routes render', async () => {
  const results = await sections.results.load();
  expect(await sections.results.load()).toBe(results);
  expect(typeof results.default).toBe('function');
  const questions = await sections.questions.load();
  expect(typeof questions.QuestionListScreen).toBe('function');
  expect(typeof questions.AddQuestionScreen).toBe('function');
  expect(typeof (await layout()).DashboardRoutes).toBe('function');
});

test('a section tells once it has loaded, and sectionsSettled waits for the sections given', async () => {
  expect(sections.account.load.loaded()).toBeUndefined();
  await sectionsSettled(['account', 'categories']);
  expect(sections.account.load.loaded()).toBe(await sections.account.load());
  expect(sections.categories.load.loaded()).toBe(await sections.categories.load());
});

test('each dashboard address shows one section, and the bare /dashboard the first', () => {
  const screens = allSections.flatMap(([name, section]) => section.screens.map(([child]) => [child, name]));
  expect(new Set(screens.map(([child]) => child)).size).toBe(screens.length);
  expect(sectionOfChild).toEqual({ '': 'overview', ...Object.fromEntries(screens) });
});

describe('the sections table as the build reads it (config/dashboard-sections.cjs)', () => {
  const file = path.join(__dirname, 'sections.ts');
  const source = fs.readFileSync(file, 'utf8');

  it("lists each address with its section's chunk, as route-assets.json has them", () => {
    expect(chunkOfChild(readDashboardSections(file))).toEqual({
      '': 'dashboard-overview',
      overview: 'dashboard-overview',
      participants: 'dashboard-participants',
      result: 'dashboard-results',
      'result/:resultId/report': 'dashboard-results',
      insights: 'dashboard-insights',
      'user-list': 'dashboard-users',
      'add-user': 'dashboard-users',
      'question-list': 'dashboard-questions',
      'add-question': 'dashboard-questions',
      categories: 'dashboard-categories',
      complaint: 'dashboard-concerns',
      'audit-log': 'dashboard-audit',
      account: 'dashboard-account',
    });
  });

  it('reads the same sections and addresses, in the same order, as the app has', () => {
    const read = readDashboardSections(file);
    expect(read.map(({ name, children }) => [name, children])).toEqual(
      allSections.map(([name, section]) => [name, section.screens.map(([child]) => child)]),
    );
    expect(read.map(({ name, chunk }) => chunk === `dashboard-${name}`)).not.toContain(false);
  });

  it('fails, naming the section, on an entry it cannot read', () => {
    const read = (text: string) => () => parseDashboardSections(text, 'sections.ts');
    expect(read(source.replace('/* webpackChunkName: "dashboard-users" */ ', ''))).toThrow(
      /sections\.ts\): section "users"'s `import\(\)` names no chunk/,
    );
    expect(
      read(
        source.replace(
          "screens: { result: (m) => m.default, 'result/:resultId/report': (m) => m.ReportScreen }",
          'screens: resultScreens',
        ),
      ),
    ).toThrow(/section "results" has no `screens: \{ ... \}` object literal/);
    expect(read(source.replace('screens: { account: ', 'screens: { complaint: '))).toThrow(
      /the address "complaint" is a screen of both section "concerns" and section "account"/,
    );
    expect(read(source.replace('export const sections = {', 'export const sections = {\n  ...more,'))).toThrow(
      /`...more` is not a `name: section\(...\)` entry/,
    );
    expect(read('export const sections = table;')).toThrow(/no `const sections = \{ ... \}` object literal/);
    expect(() => readDashboardSections(path.join(__dirname, 'no-such-file.ts'))).toThrow(
      /Dashboard sections: cannot read .*no-such-file\.ts/,
    );
  });
});
