// Lab page speed in Chromium with a 4× CPU slowdown and slow 4G (CDP): LCP of a screen, and the
// time from clicking an answer to the next question painted, measured in the page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cpuSlowdown, slow4g } from './browser';
import { markerWatcher, waitForScreen, type ScreenMarker } from './first-load';

/** Records, in the page, the time of the last largest-contentful-paint entry in `window.__lcp`. */
export const lcpObserver = `(() => {
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

/**
 * Runs `measure` once per run on a cold page (a fresh context, so an empty cache) that has `scripts`
 * installed before any of its own and is throttled to the lab profile; the figures it returns.
 */
export async function coldRuns<T = number>(
  browser: Browser,
  runs: number,
  scripts: readonly string[],
  measure: (page: Page) => Promise<T>,
): Promise<T[]> {
  const figures: T[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      for (const script of scripts) await page.addInitScript(script);
      await throttle(context, page);
      figures.push(await measure(page));
    } finally {
      await context.close();
    }
  }
  return figures;
}

/** The middle of the values (the mean of the two middle ones for an even count). */
export const median = (values: readonly number[]) => {
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
  const scripts = [...(options.initScript ? [options.initScript] : []), lcpObserver, markerWatcher(marker)];
  const runs = await coldRuns(browser, options.runs, scripts, async (page) => {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await waitForScreen(page, 60_000);
    // Let the painted screen's entries arrive (they are reported after the frame).
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(() => (globalThis as unknown as { __lcp: number }).__lcp);
    if (!lcp) throw new Error(`no largest-contentful-paint entry for ${url}`);
    return round(lcp);
  });
  return { url, runs, ms: round(median(runs)) };
}

/**
 * Records, in the page, the animation frame after each input event on a text field: the moment a
 * typed character is on screen in the field it was typed into. Samples accumulate in `window.__typedAt`.
 */
const typingRecorder = `(() => {
  window.__typedAt = [];
  document.addEventListener('input', (event) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    requestAnimationFrame(() => window.__typedAt.push(performance.now()));
  }, true);
})();`;

/** A form that is usable: its fields (by label) and its submit button (by name). */
export interface UsableForm {
  fields: readonly string[];
  button: string;
}

export interface UsableResult {
  url: string;
  runs: number[];
  /** Median of the runs, ms from the start of navigation. */
  ms: number;
}

/**
 * Installs `window.__fieldsOnScreen()` in the page: the centres of the form's fields (ones that take typing,
 * found by their label) once each of them and the button are on screen, styled; null until then.
 */
const fieldsOnScreen = (form: UsableForm) => `window.__fieldsOnScreen = () => {
  const fields = ${JSON.stringify(form.fields)};
  const button = ${JSON.stringify(form.button)};
  const shown = (element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const labelOf = (input) =>
    ((input.labels && input.labels[0] && input.labels[0].textContent) ||
      (document.getElementById(input.getAttribute('aria-labelledby') || '') || {}).textContent ||
      input.getAttribute('aria-label') || '').trim();
  // Laid out with the page's stylesheets: a box asked for while one is loading is not where it is drawn.
  if ([...document.querySelectorAll('link[rel=stylesheet]')].some((link) => !link.sheet)) return null;
  const inputs = [...document.querySelectorAll('input:not([readonly]):not([disabled])')];
  const found = fields.map((label) => inputs.find((input) => labelOf(input).startsWith(label) && shown(input)));
  const named = (element) => (element instanceof HTMLInputElement ? element.value : element.textContent || '').trim() === button;
  const buttons = [...document.querySelectorAll('button, input[type=button], input[type=submit]')];
  if (found.some((input) => !input) || !buttons.some((element) => named(element) && shown(element))) return null;
  return found.map((input) => {
    const rect = input.getBoundingClientRect();
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  });
};`;

/**
 * "Form usable": from the start of navigation (cold, throttled) until a character typed into each
 * field is on screen in it, typed as soon as the fields (ones that take typing) and the button are
 * visible: each field is tapped where it is and one character typed into it; the figure is when the
 * last of the three was on screen. A form that is replaced by another (a first paint by the live
 * screen) must then show every character in the form that replaced it, once: otherwise the run fails.
 */
export async function measureUsable(
  browser: Browser,
  url: string,
  form: UsableForm,
  options: { runs: number },
): Promise<UsableResult> {
  const runs = await coldRuns(browser, options.runs, [typingRecorder, fieldsOnScreen(form)], async (page) => {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    // The fields that take typing (a read-only copy painted before the app does not) and the
    // button, once all are on screen, found in the page as each frame is drawn.
    const boxes = await page.waitForFunction(
      () => (globalThis as unknown as { __fieldsOnScreen: () => unknown }).__fieldsOnScreen(),
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    // A tap where each field is and a key, sent as input events: the page handles each when its
    // main thread is free, as it would a person's.
    for (const { x, y } of (await boxes.jsonValue()) as Array<{ x: number; y: number }>) {
      await page.mouse.click(x, y);
      await page.keyboard.type('x');
    }
    await page.waitForFunction(
      (n) => (globalThis as unknown as { __typedAt: number[] }).__typedAt.length >= n,
      form.fields.length,
      { timeout: 60_000, polling: 50 },
    );
    const typed = await page.evaluate(() => (globalThis as unknown as { __typedAt: number[] }).__typedAt);
    // Whatever shows the form in the end has every character, once.
    await page.locator('[data-first-paint]').waitFor({ state: 'detached', timeout: 60_000 });
    for (const label of form.fields) {
      const value = await page.getByLabel(label).and(page.locator('input')).inputValue({ timeout: 60_000 });
      if (value !== 'x') throw new Error(`${url}: the field "${label}" holds "${value}" after typing "x" into it`);
    }
    return round(Math.max(...typed));
  });
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
