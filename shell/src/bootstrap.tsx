// Mantine's stylesheet, first part: the rest loads with the components that need it (config/mantine-styles.cjs).
import '@prometrica/mantine-first.css';
import '@mantine/notifications/styles.layer.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, useAuthStore } from '@prometrica/shared-api';
import { App } from './app';
import { firstPaintElementId } from './remotes/boot-data';
import { loadRuntimeConfig } from './remotes/runtime-config';
import { loadFirstScreen, registerAppRemotes, settledWithin } from './remotes/registry';

/** How long the first render waits for the sign-in check and the first screen's code (then it shows a loader meanwhile). */
const firstRenderWaitMs = 400;
/**
 * The same wait when the page came with the screen already painted: that is better to look at than
 * a loader, so the first render waits for the live screen's code longer (a remote that fails to
 * load ends the wait at once, and its error screen shows).
 */
const firstPaintWaitMs = 10_000;

const container = document.getElementById('root')!;

async function start() {
  try {
    const config = await loadRuntimeConfig();
    configureApi({ apiBaseUrl: config.apiBaseUrl });
    registerAppRemotes(config);
    // A stored account token is checked now, and the first screen's remote starts loading, and then
    // the code of that screen (for a signed-in account, while its token is being checked). The
    // first render waits for both, up to firstRenderWaitMs: rendering at once held the main thread
    // of a slow phone for a few hundred milliseconds before the screen's own chunks were even
    // requested, and it painted a loader that a second full render then replaced.
    const checked = useAuthStore.getState().checkAuth();
    const signedIn = Boolean(useAuthStore.getState().token);
    const painted = document.getElementById(firstPaintElementId) !== null;
    await settledWithin(
      Promise.all([checked, loadFirstScreen(location.pathname, signedIn)]),
      painted ? firstPaintWaitMs : firstRenderWaitMs,
    );
  } catch (error) {
    console.error('Prometrica could not start', error);
    // Plain DOM (no inline handlers: the Content-Security-Policy forbids them).
    const box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.style.cssText =
      'font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:1rem;text-align:center';
    const heading = document.createElement('h1');
    heading.style.fontSize = '1.25rem';
    heading.textContent = 'Prometrica could not start';
    const text = document.createElement('p');
    text.textContent = 'The service did not answer. Check your connection and try again.';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = 'Retry';
    retry.style.padding = '.5rem 1rem';
    retry.addEventListener('click', () => location.reload());
    box.append(heading, text, retry);
    container.replaceChildren(box);
    return;
  }
  // Rendered as a transition: React renders in slices and lets the browser handle input between
  // them, so the painted form keeps taking typing until the live one takes over.
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
}

void start();
