import type { z } from 'zod';
import type { runtimeConfigSchema } from '@prometrica/shared-api/contract';
import type { Config } from '../../config';

type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** What the shell reads at boot: where the API is and where each remote's manifest is. */
export function runtimeConfig(config: Config): RuntimeConfig {
  return { apiBaseUrl: '/api', remotes: { ...config.remotes } };
}
