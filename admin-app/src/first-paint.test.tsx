/**
 * @jest-environment node
 */
import { renderFirstPaint } from './first-paint';

test("the dashboard's first paint is its frame for each address, with the list screens' headings", () => {
  const { routes } = renderFirstPaint();
  // Every address but the one with a parameter (a result's report), and `/dashboard` itself.
  expect(Object.keys(routes)).toEqual(
    expect.arrayContaining(['/dashboard', '/dashboard/overview', '/dashboard/result', '/dashboard/user-list']),
  );
  expect(Object.keys(routes).some((route) => route.includes(':'))).toBe(false);
  const results = routes['/dashboard/result']!;
  expect(results).toContain('>Quiz Results</h1>');
  expect(results).toContain('How participants did, overall and per category.');
  // The sidebar as every role sees it, its links real links, the current one highlighted.
  const link = results.match(/<a [^>]*href="\/dashboard\/result"[^>]*>/)?.[0] ?? '';
  expect(link).toContain('data-active="true"');
  for (const label of ['Overview', 'Participants', 'Insights', 'Change Password'])
    expect(results).toContain(`>${label}<`);
  expect(results).not.toContain('>Audit Log<');
  expect(results).toContain('>Logout<');
  expect(routes['/dashboard/complaint']).toContain('>Complaints</h1>');
  expect(routes['/dashboard/user-list']).toContain('>Users</h1>');
  // A section without a painted heading shows the loader its code shows.
  expect(routes['/dashboard/overview']).toContain('aria-label="Loading section"');
  expect(routes['/dashboard/overview']).not.toContain('Quiz Results');
  expect(results).not.toContain('<script');
});
