/**
 * Reliability harness: real server processes (started exactly like production, one node process
 * each), simulated participants over HTTP that retry what was not acknowledged, a round-robin
 * proxy, and the final checks against the admin API and the database itself.
 */
export * from './settings';
export * from './servers';
export * from './http';
export * from './participants';
export * from './load';
export * from './checks';
