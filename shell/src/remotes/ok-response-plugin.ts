// When to use: always, in the shell. The federation runtime does not look at HTTP status, so a
// 404 or 503 manifest would be parsed as a broken manifest and cached for good; refusing non-OK
// responses here turns them into a load failure that a Retry can recover from. A manifest the
// server inlined into index.html is answered from there, once, without a request.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeInlineManifest } from './boot-data';

export default function okResponsePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'prometrica-ok-response',
    async fetch(url, init) {
      const inline = takeInlineManifest(url);
      if (inline !== undefined) {
        return new Response(JSON.stringify(inline), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      const response = await fetch(url, { ...init, cache: 'no-cache' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
  };
}
