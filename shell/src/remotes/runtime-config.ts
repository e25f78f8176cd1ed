import type { RuntimeConfig } from '@prometrica/shared-api';
import { bootData } from './boot-data';

function validated(config: Partial<RuntimeConfig>, source: string): RuntimeConfig {
  if (typeof config.apiBaseUrl !== 'string' || !config.remotes?.participant || !config.remotes.admin) {
    throw new Error(`${source} is missing apiBaseUrl or remote URLs`);
  }
  return config as RuntimeConfig;
}

/**
 * The runtime configuration the server fills from its environment (remote URLs are never built
 * in): inlined in index.html by the server when it hosts the shell, else read from `/config.json`.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = bootData().config;
  if (inline) return validated(inline, 'The inlined configuration');
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return validated((await response.json()) as Partial<RuntimeConfig>, '/config.json');
}
