/** @jest-environment ./test/fuzz/environment.cjs */
import { describeFuzz } from './harness';

// Questions, categories and workplace concerns.
describeFuzz('content');
