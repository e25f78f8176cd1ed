import { preloadDashboard, sections } from './dashboard-sections';

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
