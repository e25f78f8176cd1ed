// Lab page speed in Chromium with a 4× CPU slowdown and slow 4G (CDP): LCP of a screen, and the
// time from clicking an answer to the next question painted, measured in the page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cpuSlowdown, slow4g } from './browser';
import { markerWatcher, waitForScreen, type ScreenMarker } from './first-load';

const lcpObserver = `(() => {
  window.__lcp = 0;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
})();`;

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (value: number) => Math.round(value);

export interface LcpResult {
  url: string;
  runs: number[];
  /** Median of the runs, ms. */
  ms: number;
}

/** LCP of a cold load (fresh context and cache) of `url`, throttled, `runs` times. */
export async function measureLcp(
  browser: Browser,
  url: string,
  marker: ScreenMarker,
  options: { runs: number; initScript?: string },
): Promise<LcpResult> {
  const runs: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      if (options.initScript) await page.addInitScript(options.initScript);
      await page.addInitScript(lcpObserver);
      await page.addInitScript(markerWatcher(marker));
      await throttle(context, page);
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await waitForScreen(page, 60_000);
      // Let the painted screen's entries arrive (they are reported after the frame).
      await page.waitForTimeout(500);
      const lcp = await page.evaluate(() => (globalThis as unknown as { __lcp: number }).__lcp);
      if (!lcp) throw new Error(`no largest-contentful-paint entry for ${url}`);
      runs.push(round(lcp));
    } finally {
      await context.close();
    }
  }
  return { url, runs, ms: round(median(runs)) };
}

/**
 * Records, in the page, the time from a click to the animation frame after the "Question n of N"
 * counter changed. Installed once; samples accumulate in `window.__answerTimes`.
 */
const answerRecorder = `(() => {
  if (window.__answerTimes) return;
  window.__answerTimes = [];
  const pattern = /^Question \\d+ of \\d+$/;
  const counter = () => {
    for (const el of document.querySelectorAll('body *')) {
      if (el.children.length === 0 && pattern.test((el.textContent || '').trim())) return el.textContent.trim();
    }
    return null;
  };
  let clickAt = 0;
  let last = counter();
  document.addEventListener('click', (event) => { clickAt = event.timeStamp; }, true);
  new MutationObserver(() => {
    const now = counter();
    if (now === null || now === last) return;
    last = now;
    if (!clickAt) return;
    const started = clickAt;
    clickAt = 0;
    requestAnimationFrame(() => window.__answerTimes.push(performance.now() - started));
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})();`;

export interface AnswerLatency {
  samples: number[];
  /** Mean, ms. */
  ms: number;
}

async function answerQuestions(
  page: Page,
  count: number,
  choose: (page: Page) => Promise<void>,
): Promise<AnswerLatency> {
  await page.evaluate(answerRecorder);
  for (let i = 1; i <= count; i++) {
    await choose(page);
    await page.waitForFunction(
      (n) => (globalThis as unknown as { __answerTimes: number[] }).__answerTimes.length >= n,
      i,
      {
        timeout: 30_000,
        polling: 50,
      },
    );
  }
  const samples = (await page.evaluate(() => (globalThis as unknown as { __answerTimes: number[] }).__answerTimes)).map(
    round,
  );
  return { samples, ms: round(samples.reduce((sum, value) => sum + value, 0) / samples.length) };
}

const clickFirstOption = async (page: Page) => {
  await page.getByRole('group', { name: 'Answer options' }).getByRole('button').first().click();
};

/**
 * Answers `count` questions of the real quiz, throttled: details, welcome and consent are passed
 * first (unthrottled), as a participant would.
 */
export async function measureAnswerToNextQuestion(
  browser: Browser,
  baseUrl: string,
  count: number,
): Promise<AnswerLatency> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    await page.goto(`${baseUrl}/`);
    await page.getByLabel('Full name').fill(`Lab Participant ${id}`);
    await page.getByLabel('Email').fill(`lab.${id}@example.com`);
    await page.getByLabel('Phone number').fill('03001234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('link', { name: 'Begin' }).click({ timeout: 30_000 });
    await page.getByRole('img', { name: /^Signature of / }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /Sign and continue/ }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor({ timeout: 30_000 });
    await throttle(context, page);
    return await answerQuestions(page, count, clickFirstOption);
  } finally {
    await context.close();
  }
}

/** The floor on this machine: a plain page whose click handler changes the same counter text. */
export const inputBaselinePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>input baseline</title></head>
<body><p>Question 1 of 30</p><div role="group" aria-label="Answer options"><button type="button">A Yes</button><button type="button">B No</button></div>
<script>let n = 1; for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => { n += 1; document.querySelector('p').textContent = 'Question ' + n + ' of 30'; });</script>
</body></html>`;

export async function measureInputBaseline(browser: Browser, url: string, count: number): Promise<AnswerLatency> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await throttle(context, page);
    return await answerQuestions(page, count, clickFirstOption);
  } finally {
    await context.close();
  }
}
