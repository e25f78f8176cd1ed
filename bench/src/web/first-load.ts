// First load of one screen in Chromium: which scripts it needs before the screen is painted, their
// bytes over the wire (gzip and brotli, and raw), and the longest chain of requests that waited on
// each other from the HTML to the painted screen.
import { request as httpRequest } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { longestChain, NetworkLog, type Chain } from './network-log';

/** What says the screen is there. */
export type ScreenMarker = { text: string } | { button: string } | { selector: string };

export interface FirstLoad {
  url: string;
  scripts: string[];
  bytes: { raw: number; gzip: number; br: number };
  /** Requests (any type) that went to the network before the screen was painted. */
  requests: number;
  chain: Chain;
  /** Milliseconds from navigation to the screen painted (unthrottled; informative). */
  paintedMs: number;
}

/**
 * Installs a watcher that records (in epoch ms) the animation frame after the marker appeared.
 * Runs before any page script.
 */
export function markerWatcher(marker: ScreenMarker): string {
  return `(() => {
    const marker = ${JSON.stringify(marker)};
    const found = () => {
      if (marker.selector) return !!document.querySelector(marker.selector);
      if (marker.button) return [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === marker.button);
      return !!document.body && document.body.textContent.includes(marker.text);
    };
    const check = () => {
      if (window.__screenAt || !found()) return;
      requestAnimationFrame(() => { window.__screenAt = performance.timeOrigin + performance.now(); });
      observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}

export async function waitForScreen(page: Page, timeoutMs = 60_000): Promise<number> {
  await page.waitForFunction(() => (globalThis as unknown as { __screenAt?: number }).__screenAt, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  return page.evaluate(() => (globalThis as unknown as { __screenAt: number }).__screenAt);
}

/** Bytes of a response body as sent (not decoded) for an Accept-Encoding. */
export function transferSize(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function recordFirstLoad(browser: Browser, url: string, marker: ScreenMarker): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(markerWatcher(marker));
    const session = await context.newCDPSession(page);
    const log = await NetworkLog.attach(session);
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    const started = Date.now();
    await page.goto(url);
    const screenAt = await waitForScreen(page);
    const before = log.networkRequestsBefore(screenAt / 1000);
    const scripts = [
      ...new Set(
        [...log.requests.values()]
          .filter((r) => r.type === 'Script' && r.sentAt <= screenAt / 1000 && !r.failed)
          .map((r) => r.url),
      ),
    ];
    const bytes = { raw: 0, gzip: 0, br: 0 };
    for (const script of scripts) {
      bytes.raw += await transferSize(script, 'identity');
      bytes.gzip += await transferSize(script, 'gzip');
      bytes.br += await transferSize(script, 'br');
    }
    return {
      url,
      scripts,
      bytes,
      requests: before.length,
      chain: longestChain(before),
      paintedMs: Math.round(screenAt - started),
    };
  } finally {
    await context.close();
  }
}
