import { expect, test, type Page } from '@playwright/test';
import { adminApi, participantWithResult } from '../support/api';
import { goToSection, signInAsAdmin } from '../support/admin';
import { answerCurrent, newParticipant, reachQuiz } from '../support/participant';
import { ADMIN_EMAIL, ADMIN_PASSWORD, useServer } from '../support/server';
import { animationsSettled } from '../support/screens';

// The layout check: every participant screen and every dashboard section and modal, at a phone's
// width and a laptop's, fails when the page scrolls sideways, when a badge's or a table cell's text
// is clipped (its scroll width larger than its client width), when a word of a figure's label, a
// badge or a heading is split over two lines, or when a notice covers the page's main heading.
// Each screen is photographed at both widths into test-results/screens/layout/.

const server = useServer();

const widths = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

interface Problem {
  screen: string;
  width: number;
  what: string;
}

/** What is wrong with the page's layout as it stands, in words. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`the page scrolls sideways (${root.scrollWidth} px wide in ${root.clientWidth})`);
    }
    // Text kept for screen readers only (a stacked table's header: clipped to nothing) is not on screen.
    const clippedAway = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.clip.startsWith('rect(') || style.clipPath.startsWith('inset(50%')) return true;
      }
      return false;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' && !clippedAway(element)
      );
    };
    const text = (element: Element) => (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    // A badge clips in its label (the root hides the overflow the label's ellipsis shows).
    const clipped = document.querySelectorAll('.mantine-Badge-label, td, th');
    for (const element of clipped) {
      if (!visible(element) || !text(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`"${text(element)}" is clipped (${element.scrollWidth} px in ${element.clientWidth})`);
      }
    }
    // A word split over two lines ("Participa / nts") in a figure's label, a badge or a heading: each
    // word's text must sit on one line. A word wider than the whole card or box may break (none here
    // is); measured against the card, since a label squeezed beside a badge is narrower than its word.
    const labelled = document.querySelectorAll('[role="group"] p, .mantine-Badge-label, h1, h2, h3, th');
    for (const element of labelled) {
      if (!visible(element)) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        for (const match of value.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const parts = [...range.getClientRects()].filter((r) => r.width > 0);
          const lines = new Set(parts.map((r) => Math.round(r.top)));
          const wordWidth = parts.reduce((sum, r) => sum + r.width, 0);
          const room = (element.closest('[role="group"]') ?? element).clientWidth;
          if (lines.size > 1 && wordWidth <= room) {
            problems.push(`the word "${match[0]}" is split over ${lines.size} lines in "${text(element)}"`);
          }
        }
      }
    }
    // Under an open dialog the page's heading is hidden by the overlay: the dialog's title is the heading then.
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find(visible);
    const heading = dialog
      ? (dialog.querySelector('h1, h2, .mantine-Modal-title') ?? undefined)
      : [...document.querySelectorAll('h1')].find(visible);
    if (heading) {
      // The heading's text, not its block, which spans the whole width beside a notice.
      const range = document.createRange();
      range.selectNodeContents(heading);
      const h = range.getBoundingClientRect();
      for (const notice of document.querySelectorAll('.mantine-Notification-root')) {
        if (!visible(notice)) continue;
        const n = notice.getBoundingClientRect();
        const overlaps = n.left < h.right && n.right > h.left && n.top < h.bottom && n.bottom > h.top;
        if (overlaps) problems.push(`a notice ("${text(notice)}") covers the heading "${text(heading)}"`);
      }
    }
    return [...new Set(problems)];
  });
}

/** Checks and photographs the screen as it is at both widths; gathers what is wrong. */
function checker(folder: string) {
  const problems: Problem[] = [];
  async function check(page: Page, screen: string) {
    for (const size of widths) {
      await page.setViewportSize(size);
      // Let layout that follows the width (cards instead of tables) settle, and the transitions it
      // starts (the navigation sliding away) finish: on a busy machine 250 ms was not always enough.
      await page.waitForTimeout(250);
      await animationsSettled(page);
      for (const what of await layoutProblems(page)) problems.push({ screen, width: size.width, what });
      await page.screenshot({ path: `test-results/screens/${folder}/${screen}-${size.width}.png`, fullPage: true });
    }
    await page.setViewportSize(widths[1]);
  }
  const report = () => problems.map((p) => `${p.screen} at ${p.width} px: ${p.what}`);
  return { check, report };
}

test('every participant screen fits at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  const { check, report } = checker('layout/participant');
  await page.goto(server.url + '/');
  await check(page, 'details');
  await page.goto(server.url + '/resume');
  await check(page, 'resume');

  const me = newParticipant('layout');
  await reachQuiz(page, server.url, me);
  await check(page, 'question');
  while (!(await page.getByRole('heading', { name: 'Submit your answers' }).isVisible())) {
    await answerCurrent(page);
    if (page.url().endsWith('/submit')) break;
  }
  await expect(page.getByRole('heading', { name: 'Submit your answers' })).toBeVisible();
  await check(page, 'submit');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();
  await check(page, 'submitted');
  await page.getByRole('link', { name: 'Continue to final assessment' }).click();
  await expect(page).toHaveURL(/\/complaint-list$/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await check(page, 'concerns');
  await page.goto(server.url + '/Thankyou');
  await check(page, 'thankyou');
  await page.goto(server.url + '/reports');
  await check(page, 'reports');

  // The report released with a comment: on /reports, and on its page opened from the link.
  const admin = await adminApi(server.url);
  const { results } = await admin.get<{ results: { _id: string }[] }>(
    `admin/getquizresult?search=${encodeURIComponent(me.name)}`,
  );
  const resultId = results[0]!._id;
  await admin.put(`admin/reports/${resultId}/comments`, {
    overall: 'A steady result across the areas.\n\nKeep the habits that got you here, and read each question twice.',
    categories: {},
    baseVersion: 0,
  });
  const released = await admin.post<{ link: string }>(`admin/reports/${resultId}/send`, { delivery: 'link' });
  await page.goto(server.url + '/reports');
  await expect(page.getByRole('article', { name: `Report on ${me.name}` })).toBeVisible();
  await check(page, 'reports-released');
  await page.goto(released.link);
  await expect(page.getByRole('heading', { name: 'Your assessment report' })).toBeVisible();
  await check(page, 'report-link');

  // Welcome and consent, through a personal link.
  const invited = newParticipant('layout-invite');
  const reply = await admin.post<{ participant: { invitation: { link: string } } }>('admin/invitations', {
    ...invited,
    send: false,
  });
  const fresh = await page.context().browser()!.newContext();
  const other = await fresh.newPage();
  await other.goto(server.url + new URL(reply.participant.invitation.link).pathname);
  await expect(other.getByRole('heading', { name: 'Welcome to Prometrica' })).toBeVisible();
  await check(other, 'welcome');
  await other.getByRole('link', { name: /Begin|Continue/ }).click();
  await expect(other).toHaveURL(/\/consent-form$/);
  await check(other, 'consent');
  await fresh.close();

  expect(report()).toEqual([]);
});

test('every dashboard section and modal fits at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  const { check, report } = checker('layout/admin');
  // Something in every list: a result with concerns, an invitation, a consent.
  const who = newParticipant('layout-admin');
  await participantWithResult(server.url, who);
  const admin = await adminApi(server.url);
  await admin.post('admin/invitations', { ...newParticipant('layout-list'), send: false });

  await signInAsAdmin(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await check(page, 'overview');
  for (const [section, screen] of [
    ['Participants', 'participants'],
    ['Results', 'results'],
    ['Insights', 'insights'],
    ['Users', 'users'],
    ['Questions', 'questions'],
    ['Categories', 'categories'],
    ['Complaints', 'complaints'],
    ['Audit Log', 'audit'],
  ] as const) {
    await goToSection(page, section);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(page, screen);
  }

  const modal = async (open: () => Promise<void>, name: string | RegExp, screen: string) => {
    await open();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await check(page, screen);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  await goToSection(page, 'Participants');
  await modal(() => page.getByRole('button', { name: 'Invite participant' }).click(), 'Invite participant', 'invite');
  await modal(() => page.getByRole('button', { name: 'Import CSV' }).click(), /Import/, 'import');
  await modal(() => page.getByRole('button', { name: 'Retention' }).click(), 'Retention', 'retention');
  await modal(
    () =>
      page
        .getByRole('button', { name: `Erase ${who.name}` })
        .first()
        .click(),
    'Erase participant',
    'erase',
  );
  await goToSection(page, 'Results');
  await modal(
    () =>
      page
        .getByRole('button', { name: `View result of ${who.name}` })
        .first()
        .click(),
    'Result Details',
    'result-detail',
  );
  // The result's report (the doctor's page, with its editors) and its Send report dialog.
  await page
    .getByRole('link', { name: `Open report of ${who.name}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `Report on ${who.name}`, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await check(page, 'report');
  await modal(() => page.getByRole('button', { name: 'Send report' }).click(), 'Send report', 'send-report');
  await goToSection(page, 'Questions');
  await modal(
    () =>
      page
        .getByRole('button', { name: /^Edit question/ })
        .first()
        .click(),
    /Edit/,
    'question-edit',
  );
  await goToSection(page, 'Categories');
  await modal(() => page.getByRole('button', { name: 'Add Category' }).click(), 'Add Category', 'category-add');
  await goToSection(page, 'Complaints');
  await modal(() => page.getByRole('button', { name: 'Add Complaint' }).click(), 'Add Complaint', 'concern-add');
  await page.getByRole('tab', { name: 'User Submissions' }).click();
  await check(page, 'concern-submissions');

  await page.goto(server.url + '/dashboard/add-user');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await check(page, 'add-user');
  await page.goto(server.url + '/dashboard/add-question');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await check(page, 'add-question');
  await page.goto(server.url + '/dashboard/account');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await check(page, 'account');

  expect(report()).toEqual([]);
});
