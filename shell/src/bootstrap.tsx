import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { createRoot } from 'react-dom/client';
import { configureApi, useAuthStore } from '@prometrica/shared-api';
import { App } from './app';
import { loadRuntimeConfig } from './remotes/runtime-config';
import { loadRemoteRoutes, registerAppRemotes, remoteForPath } from './remotes/registry';

const container = document.getElementById('root')!;

async function start() {
  try {
    const config = await loadRuntimeConfig();
    configureApi({ apiBaseUrl: config.apiBaseUrl });
    registerAppRemotes(config);
    // A stored account token is checked now, in parallel with the first render (AuthGate waits for it).
    void useAuthStore.getState().checkAuth();
    // The first screen's remote starts loading now, alongside the shell's first render, and then
    // the code of that screen (for a signed-in account, while its token is being checked); a
    // failure is shown (with Retry) by the screen that needs it.
    const first = remoteForPath(location.pathname);
    const signedIn = Boolean(useAuthStore.getState().token);
    loadRemoteRoutes(first)
      .then((routes) => {
        if (first === 'participant' || signedIn) routes.preload?.(location.pathname);
      })
      .catch(() => {});
  } catch (error) {
    console.error('Prometrica could not start', error);
    // Plain DOM (no inline handlers: the Content-Security-Policy forbids them).
    const box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.style.cssText = 'font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:1rem;text-align:center';
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
  createRoot(container).render(<App />);
}

void start();
