// The browser side of the benchmark: first load through the shell against the same screens built
// as one plain webpack app (bench/baseline) and against the details form built with SurveyJS (the
// peer), then lab page speed.
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
  measureUsable,
  median,
  type AnswerLatency,
  type LcpResult,
  type UsableForm,
  type UsableResult,
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
    /** The details form built with SurveyJS. */
    peer: FirstLoad;
  };
  lab: {
    detailsLcp: { shell: LcpResult; baseline: LcpResult; peer: LcpResult };
    /** "Details form usable" (lab.ts), through the shell, as the plain build and as the peer. */
    usable: { shell: UsableResult; baseline: UsableResult; peer: UsableResult };
    answer: { shell: AnswerLatency; baseline: AnswerLatency };
    resultsLcp: { shell: LcpResult; baseline: LcpResult };
  };
}

/**
 * The live details form: not the first paint the page carries (a copy painted before the app
 * starts, whose time is what its LCP shows), but the app's own.
 */
export const details: ScreenMarker = { selector: 'form[aria-label="Account information"]:not([data-first-paint] *)' };
export const login: ScreenMarker = { button: 'Sign in' };
/** The details form's fields and button, as the lab's "form usable" types into them. */
export const detailsForm: UsableForm = { fields: ['Full name', 'Email', 'Phone number'], button: 'Continue' };
/** The same form built with SurveyJS (bench/baseline/peer-surveyjs.tsx), and what says it is there. */
export const peerForm: UsableForm & { marker: ScreenMarker } = {
  ...detailsForm,
  marker: { selector: 'input[type=email]' },
};
export const resultsTable: ScreenMarker = { selector: 'table tbody tr' };

/**
 * First load of the details screen and the admin login through the shell at `serverUrl`, and of
 * each as the plain build at `plain`'s addresses.
 */
export async function measureFirstLoad(
  browser: Browser,
  serverUrl: string,
  plain: { details: string; login: string; peer: string },
): Promise<WebResult['firstLoad']> {
  return {
    peer: await recordFirstLoad(browser, `${plain.peer}/`, peerForm.marker),
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
  const peer = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'peer-surveyjs'));
  try {
    const firstLoad = await measureFirstLoad(browser, options.serverUrl, {
      details: plainDetails.url,
      login: plainLogin.url,
      peer: peer.url,
    });
    log(
      `first load: details ${firstLoad.details.shell.bytes.gzip} B gzip (plain ${firstLoad.details.baseline.bytes.gzip}, SurveyJS ${firstLoad.peer.bytes.gzip}), login ${firstLoad.login.shell.bytes.gzip} B (plain ${firstLoad.login.baseline.bytes.gzip})`,
    );

    const runs = { runs: options.labRuns };
    const detailsLcp = {
      shell: await measureLcp(browser, `${options.serverUrl}/`, details, runs),
      baseline: await measureLcp(browser, `${plainDetails.url}/`, details, runs),
      peer: await measureLcp(browser, `${peer.url}/`, peerForm.marker, runs),
    };
    log(
      `lab: LCP of / ${detailsLcp.shell.ms} ms (plain ${detailsLcp.baseline.ms} ms, SurveyJS ${detailsLcp.peer.ms} ms)`,
    );
    const usable = await alternating(options.labRuns, {
      shell: () => measureUsable(browser, `${options.serverUrl}/`, detailsForm, { runs: 1 }),
      baseline: () => measureUsable(browser, `${plainDetails.url}/`, detailsForm, { runs: 1 }),
      peer: () => measureUsable(browser, `${peer.url}/`, peerForm, { runs: 1 }),
    });
    log(
      `lab: details form usable ${usable.shell.ms} ms (plain ${usable.baseline.ms} ms, SurveyJS ${usable.peer.ms} ms)`,
    );
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
    return { firstLoad, lab: { detailsLcp, usable, answer, resultsLcp } };
  } finally {
    await plainDetails.close();
    await plainLogin.close();
    await peer.close();
    await browser.close();
  }
}

/**
 * `runs` cold loads of each side, one of each per round, the order reversed every other round (the
 * side loaded second in a round measured faster in the A/B runs): each side's runs and median.
 */
async function alternating<Side extends string>(
  runs: number,
  sides: Record<Side, () => Promise<UsableResult>>,
): Promise<Record<Side, UsableResult>> {
  const names = Object.keys(sides) as Side[];
  const results = new Map<Side, UsableResult[]>(names.map((name) => [name, []]));
  for (let round = 0; round < runs; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) results.get(name)!.push(await sides[name]());
  }
  return Object.fromEntries(
    names.map((name) => {
      const each = results.get(name)!;
      const all = each.flatMap((result) => result.runs);
      return [name, { url: each[0]!.url, runs: all, ms: Math.round(median(all)) }];
    }),
  ) as Record<Side, UsableResult>;
}
