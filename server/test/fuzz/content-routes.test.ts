/** @jest-environment ./test/fuzz/environment.cjs */
import { describeFuzz } from './harness';

// Questions, categories and admin complaints.
describeFuzz('content');
