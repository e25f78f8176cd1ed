// `pnpm insights:rebuild`: counts the aggregates of Insights, the results page's totals and the
// reports' percentiles again from the stored results and answers (docs/insights.md). On SQLite
// with the server stopped (it holds DATA_DIR); on PostgreSQL at any time: submissions wait for it.
import { openDatabase } from '../src/db';
import { rebuildAggregates } from '../src/modules/insights/service';
import { configuration, run } from './cli';

run(async () => {
  const config = configuration();
  const handle = await openDatabase(config);
  try {
    const started = performance.now();
    const results = await rebuildAggregates(handle.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Rebuilt the aggregates from ${results} results in ${seconds} s (${handle.dialect}).`);
  } finally {
    await handle.close();
  }
});
