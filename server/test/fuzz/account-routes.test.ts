/** @jest-environment ./test/fuzz/environment.cjs */
import { apiRouteTable } from '../../src/modules';
import { describeFuzz } from './harness';
import { fuzzGroups } from './world';

// Accounts, results and the dashboard figures.
describeFuzz('accounts');

it('leaves no route of the table unfuzzed: every module belongs to a fuzz file', () => {
  const covered = new Set<string>(Object.values(fuzzGroups).flat());
  expect(
    apiRouteTable.filter((route) => !covered.has(route.tag)).map((route) => `${route.method} ${route.url}`),
  ).toEqual([]);
});
