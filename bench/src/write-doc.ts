// `pnpm bench:doc`: writes docs/performance.md's latest-run section from bench/results/latest.json.
import { writePerformanceDoc } from './performance-doc';

writePerformanceDoc();
console.log('[bench] wrote the latest run into docs/performance.md');
