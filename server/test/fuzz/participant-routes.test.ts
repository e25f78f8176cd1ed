/** @jest-environment ./test/fuzz/environment.cjs */
import { describeFuzz } from './harness';

// Health, signing in, entering details, the quiz, consent and concern ratings.
describeFuzz('participant');
