import { dashboardPaths } from './dashboard-paths';
import { preloadDashboard, sectionOfChild, sections, sectionsSettled } from './dashboard-sections';

test('a /dashboard address starts the layout and the section it shows; other addresses start nothing', () => {
  expect(preloadDashboard('/dashboard/result')).toEqual(['layout', 'results']);
  expect(preloadDashboard('/dashboard/Question-List?page=2')).toEqual(['layout', 'questions']);
  expect(preloadDashboard('/dashboard')).toEqual(['layout', 'overview']);
  expect(preloadDashboard('/dashboard/')).toEqual(['layout', 'overview']);
  expect(preloadDashboard('/dashboard/no-such-section')).toEqual(['layout']);
  expect(preloadDashboard('/login')).toEqual([]);
  expect(preloadDashboard('/details')).toEqual([]);
});

test('each section loads once, and its module holds the screens the routes render', async () => {
  const results = await sections.results();
  expect(await sections.results()).toBe(results);
  expect(typeof results.default).toBe('function');
  const questions = await sections.questions();
  expect(typeof questions.QuestionListScreen).toBe('function');
  expect(typeof questions.AddQuestionScreen).toBe('function');
  expect(typeof (await sections.layout()).DashboardRoutes).toBe('function');
});

test('a section tells once it has loaded, and sectionsSettled waits for the sections given', async () => {
  expect(sections.account.loaded()).toBeUndefined();
  await sectionsSettled(['account', 'categories']);
  expect(sections.account.loaded()).toBe(await sections.account());
  expect(sections.categories.loaded()).toBe(await sections.categories());
});

test('every dashboard address names a section that exists (the build preloads its chunks from this table)', () => {
  for (const path of Object.values(dashboardPaths)) expect(Object.keys(sectionOfChild)).toContain(path.replace('/dashboard/', ''));
  for (const section of Object.values(sectionOfChild)) expect(Object.keys(sections)).toContain(section);
});
