import { aListedResult, signInAs } from './testing/fixtures';
import { mockApi } from '@prometrica/shared-api/testing';
import { sectionOfChild } from './lib/dashboard-paths';
import { layout, preloadDashboard, sectionsSettled } from './preload';
import { allSections, sections } from './sections';

test('a /dashboard address starts the layout and the section it shows; other addresses start nothing', () => {
  expect(preloadDashboard('/dashboard/result')).toEqual(['layout', 'results']);
  expect(preloadDashboard('/dashboard/Question-List?page=2')).toEqual(['layout', 'questions']);
  expect(preloadDashboard('/dashboard')).toEqual(['layout', 'overview']);
  expect(preloadDashboard('/dashboard/')).toEqual(['layout', 'overview']);
  expect(preloadDashboard('/dashboard/no-such-section')).toEqual(['layout']);
  expect(preloadDashboard('/login')).toEqual([]);
  expect(preloadDashboard('/details')).toEqual([]);
});

test('the results address asks for the first page of results along with the code', async () => {
  signInAs('admin');
  const { calls } = mockApi({ 'GET admin/getquizresult': { body: { results: [aListedResult()], totalResults: 1, page: 1, totalPages: 1, summary: { total: 1, passed: 1, failed: 0, averagePercent: 80 } } } });
  preloadDashboard('/dashboard/result');
  await sectionsSettled(['results']);
  expect(calls.filter((c) => c.path === 'admin/getquizresult')).toHaveLength(1);
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

test('every dashboard address is a screen of the section the build preloads for it, and every screen has an address', () => {
  const screens = allSections.flatMap(([name, section]) => section.screens.map(([child]) => [child, name]));
  const addresses = Object.entries(sectionOfChild).filter(([child]) => child !== '');
  expect(Object.fromEntries(screens)).toEqual(Object.fromEntries(addresses));
  expect(screens).toHaveLength(addresses.length);
  expect(Object.keys(sections)).toContain(sectionOfChild['']);
});
