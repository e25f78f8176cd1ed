import { z } from 'zod';
import type { RuntimeConfig } from './runtime';

/** `/config.json`: what the shell needs at boot, served by the server from its environment. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().min(1),
  remotes: z.object({
    participant: z.string().min(1),
    admin: z.string().min(1),
  }),
});

export type { RuntimeConfig };
