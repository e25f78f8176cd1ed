// The browser side of the benchmark: first load through the shell against the same screens built
// as one plain webpack app (bench/baseline), then lab page speed.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { benchRoot } from '../paths';
import { launchChromium } from './browser';
import { recordFirstLoad, type FirstLoad, type ScreenMarker } from './first-load';
import {
  inputBaselinePage,
  measureAnswerToNextQuestion,
  measureInputBaseline,
  measureLcp,
  type AnswerLatency,
  type LcpResult,
} from './lab';
import { startStaticSite } from './static-server';

export interface WebOptions {
  /** The real server (shell + remotes), with the bench's quiz content and data. */
  serverUrl: string;
  /** A signed-in admin's token, for the results screen. */
  adminToken: string;
  /** Cold loads per LCP figure (median). */
  labRuns: number;
  /** Answers timed in the quiz. */
  answers: number;
  log?: (line: string) => void;
}

export interface WebResult {
  firstLoad: {
    details: { shell: FirstLoad; baseline: FirstLoad };
    login: { shell: FirstLoad; baseline: FirstLoad };
  };
  lab: {
    detailsLcp: { shell: LcpResult; baseline: LcpResult };
    answer: { shell: AnswerLatency; baseline: AnswerLatency };
    resultsLcp: { shell: LcpResult; baseline: LcpResult };
  };
}

/**
 * The live details form: not the first paint the page may carry (an inert copy painted before the
 * app starts), whose time is what its LCP shows, but whose scripts are not yet loaded.
 */
export const details: ScreenMarker = { selector: 'form[aria-label="Account information"]:not([data-first-paint] *)' };
export const login: ScreenMarker = { button: 'Sign in' };
export const resultsTable: ScreenMarker = { selector: 'table tbody tr' };

/**
 * First load of the details screen and the admin login through the shell at `serverUrl`, and of
 * each as the plain build at `plain`'s addresses.
 */
export async function measureFirstLoad(
  browser: Browser,
  serverUrl: string,
  plain: { details: string; login: string },
): Promise<WebResult['firstLoad']> {
  return {
    details: {
      shell: await recordFirstLoad(browser, `${serverUrl}/`, details),
      baseline: await recordFirstLoad(browser, `${plain.details}/`, details),
    },
    login: {
      shell: await recordFirstLoad(browser, `${serverUrl}/admin`, login),
      baseline: await recordFirstLoad(browser, `${plain.login}/`, login),
    },
  };
}

export async function runWebSuite(options: WebOptions): Promise<WebResult> {
  const log = options.log ?? (() => {});
  const browser = await launchChromium();
  const plainDetails = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'details'), {
    '/input-baseline.html': inputBaselinePage,
  });
  const plainLogin = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'login'));
  try {
    const firstLoad = await measureFirstLoad(browser, options.serverUrl, {
      details: plainDetails.url,
      login: plainLogin.url,
    });
    log(
      `first load: details ${firstLoad.details.shell.bytes.gzip} B gzip (plain ${firstLoad.details.baseline.bytes.gzip}), login ${firstLoad.login.shell.bytes.gzip} B (plain ${firstLoad.login.baseline.bytes.gzip})`,
    );

    const runs = { runs: options.labRuns };
    const detailsLcp = {
      shell: await measureLcp(browser, `${options.serverUrl}/`, details, runs),
      baseline: await measureLcp(browser, `${plainDetails.url}/`, details, runs),
    };
    log(`lab: LCP of / ${detailsLcp.shell.ms} ms (plain ${detailsLcp.baseline.ms} ms)`);
    const answer = {
      shell: await measureAnswerToNextQuestion(browser, options.serverUrl, options.answers),
      baseline: await measureInputBaseline(browser, `${plainDetails.url}/input-baseline.html`, options.answers),
    };
    log(`lab: answer -> next question ${answer.shell.ms} ms (plain page ${answer.baseline.ms} ms)`);
    const token = `localStorage.setItem('token', ${JSON.stringify(options.adminToken)});`;
    const resultsLcp = {
      shell: await measureLcp(browser, `${options.serverUrl}/dashboard/result`, resultsTable, {
        ...runs,
        initScript: token,
      }),
      baseline: await measureLcp(browser, `${plainLogin.url}/`, login, runs),
    };
    log(`lab: LCP of /dashboard/result ${resultsLcp.shell.ms} ms (plain login ${resultsLcp.baseline.ms} ms)`);
    return { firstLoad, lab: { detailsLcp, answer, resultsLcp } };
  } finally {
    await plainDetails.close();
    await plainLogin.close();
    await browser.close();
  }
}
