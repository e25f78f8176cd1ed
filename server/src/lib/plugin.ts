import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its decorators, hooks and
 * handlers apply to the instance that registers it. Used for the cross-cutting plugins.
 */
export function globalPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name },
  });
  return plugin;
}
