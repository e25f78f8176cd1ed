import type { ReportCategory, ReportComments, ReportContent } from '@prometrica/shared-api/contract';
import { percentBar, percentBarHeight } from './pdf/chart';
import { countOf, formatDateTime, formatDay, formatDuration } from './pdf/format';
import { colours, sizes, Sheet, type Cell, type Column } from './pdf/layout';
import { opaqueSignature } from './pdf/signature';

export interface ReportPdfInput {
  content: ReportContent;
  comments: ReportComments;
  releasedAt: string | null;
  doctorName: string | null;
  /** Who reads it: the participant's copy leaves out the client address, and the correct answers unless shown. */
  audience: 'admin' | 'participant';
}

const none = '—';

function identity(sheet: Sheet, { participant }: ReportContent): void {
  sheet.fields([
    ['Participant', participant.name],
    ['Email', participant.email],
    ['Phone', participant.phoneNumber || none],
  ]);
}

function dates(sheet: Sheet, { dates }: ReportContent): void {
  sheet.heading('Dates (UTC)');
  sheet.fields([
    dates.invitedAt
      ? ['Invited', formatDateTime(dates.invitedAt)]
      : ['Details entered', formatDateTime(dates.enteredAt)],
    ['Consented', dates.consentedAt ? formatDateTime(dates.consentedAt) : none],
    ['Started', dates.startedAt ? formatDateTime(dates.startedAt) : 'Unknown (no answer saved before submitting)'],
    ['Submitted', formatDateTime(dates.submittedAt)],
    ['Time taken', dates.timeTakenSeconds === null ? 'Unknown' : formatDuration(dates.timeTakenSeconds)],
  ]);
}

function overall(sheet: Sheet, content: ReportContent): void {
  const { totals } = content;
  sheet.heading('Overall score');
  sheet.fields([
    [
      'Score',
      `${totals.percent}% (${totals.correctAnswer} correct, ${totals.wrongAnswer} wrong, of ${totals.totalAnswers})`,
    ],
    ['Result', totals.passed ? 'Passed' : 'Not passed'],
    ['Percentile', `Higher than ${content.percentile}% of ${countOf(content.cohortSize, 'participant')}`],
  ]);
}

/** A doctor's comment under a small label, or nothing when there is none. */
function comment(sheet: Sheet, label: string, text: string | undefined): void {
  if (!text?.trim()) return;
  const labelStyle = { font: 'bold', size: sizes.small, colour: colours.muted } as const;
  // The label stays with the comment's first lines.
  sheet.ensure(sheet.heightOf(label, sheet.width, labelStyle) + 2 + Math.min(sheet.heightOf(text, sheet.width), 30));
  sheet.line(label, labelStyle);
  sheet.space(2);
  sheet.paragraphs(text);
}

/** One category: name, percent and band, the bar, its place in the cohort and the doctor's comment. */
function category(sheet: Sheet, figure: ReportCategory, remark: string | undefined): void {
  const figures = `${figure.percent}% · ${figure.performance}`;
  const nameWidth = sheet.width - 130;
  const nameHeight = sheet.heightOf(figure.categoryName, nameWidth, { font: 'bold', size: sizes.subheading });
  const detail = `Percentile: higher than ${figure.percentile}% of participants · ${figure.correctAnswer} correct, ${figure.wrongAnswer} wrong, of ${figure.totalAnswers}`;
  const detailHeight = sheet.heightOf(detail, sheet.width, { size: sizes.small });
  const remarkHeight = remark?.trim() ? sheet.heightOf(remark, sheet.width) + 16 : 0;
  const core = nameHeight + 4 + percentBarHeight + detailHeight + 8;
  // The whole block stays on one page when it fits there; a very long comment flows on alone.
  sheet.ensure(core + remarkHeight <= sheet.pageHeight ? core + remarkHeight : core);
  const top = sheet.y;
  sheet.text(figure.categoryName, sheet.left, top, nameWidth, { font: 'bold', size: sizes.subheading });
  sheet.text(figures, sheet.left + nameWidth, top, 130, {
    font: 'bold',
    size: sizes.subheading,
    colour: colours.brand,
    align: 'right',
  });
  sheet.y = top + nameHeight + 4;
  percentBar(sheet, sheet.left, sheet.width, figure.percent, figure.performance);
  sheet.text(detail, sheet.left, sheet.y, sheet.width, { size: sizes.small, colour: colours.muted });
  sheet.space(4);
  comment(sheet, "Doctor's comment", remark);
  sheet.space(8);
}

function categories(sheet: Sheet, content: ReportContent, comments: ReportComments): void {
  // The heading keeps the legend and the first category's name, bar and figures with it.
  sheet.heading('Categories', 90);
  sheet.line('Bands: Low below 25%, Average 25% to 75%, High above 75%.', { size: sizes.small, colour: colours.muted });
  sheet.space(6);
  if (content.categories.length === 0) sheet.line('No categories.');
  for (const figure of content.categories) category(sheet, figure, comments.categories[figure.categoryName]);
}

function answers(sheet: Sheet, content: ReportContent, showCorrect: boolean): void {
  if (content.answers.length === 0) {
    sheet.heading('Answers');
    return sheet.line('No answers.');
  }
  const columns: Column[] = showCorrect
    ? [
        { title: '#', width: 30 },
        { title: 'Question', width: 177 },
        { title: 'Answer given', width: 110 },
        { title: 'Correct answer', width: 110 },
        { title: 'Mark', width: 68 },
      ]
    : [
        { title: '#', width: 30 },
        { title: 'Question', width: 265 },
        { title: 'Answer given', width: 200 },
      ];
  const rows = content.answers.map((answer, index): Cell[] => {
    const cells: Cell[] = [
      { text: String(index + 1), colour: colours.muted },
      { text: answer.question, note: answer.categoryName },
      { text: answer.userAnswer || none },
    ];
    if (!showCorrect) return cells;
    const mark: Cell =
      answer.isCorrect === undefined
        ? { text: none }
        : answer.isCorrect
          ? { text: '✓ Correct', colour: colours.correct, font: 'bold' }
          : { text: '✗ Wrong', colour: colours.wrong, font: 'bold' };
    return [...cells, { text: answer.correctAnswer ?? none }, mark];
  });
  sheet.heading('Answers', sheet.tableOpening(columns, rows));
  sheet.table(columns, rows);
}

function concerns(sheet: Sheet, content: ReportContent): void {
  if (content.concerns.length === 0) {
    sheet.heading('Workplace concerns');
    return sheet.line('No workplace concerns were rated.');
  }
  const columns: Column[] = [
    { title: 'Concern', width: 345 },
    { title: 'Rating', width: sheet.width - 345 },
  ];
  const rows = content.concerns.map((concern): Cell[] => [
    { text: concern.title, font: 'bold', note: concern.description },
    { text: concern.rating },
  ]);
  const rated = content.concernsSubmittedAt ? `Rated ${formatDateTime(content.concernsSubmittedAt)}` : '';
  const ratedStyle = { size: sizes.small, colour: colours.muted } as const;
  const ratedHeight = rated ? sheet.heightOf(rated, sheet.width, ratedStyle) + 4 : 0;
  sheet.heading('Workplace concerns', ratedHeight + sheet.tableOpening(columns, rows));
  if (rated) {
    sheet.line(rated, ratedStyle);
    sheet.space(4);
  }
  sheet.table(columns, rows);
}

const signatureBox = { width: 220, height: 70 } as const;

/** The signature image, framed; a picture pdfkit can't read is said so rather than failing the report. */
function signature(sheet: Sheet, imageBase64: string): void {
  sheet.ensure(signatureBox.height + 8);
  const top = sheet.y;
  sheet.text('Signature', sheet.left, top, 142, { font: 'bold', colour: colours.muted });
  const x = sheet.left + 150;
  try {
    const image = opaqueSignature(Buffer.from(imageBase64, 'base64'));
    sheet.doc.image(image, x, top, { fit: [signatureBox.width, signatureBox.height] });
    sheet.doc
      .rect(x - 2, top - 2, signatureBox.width + 4, signatureBox.height + 4)
      .lineWidth(0.5)
      .strokeColor(colours.rule)
      .stroke();
  } catch {
    sheet.text('(the signature image could not be read)', x, top, signatureBox.width, { colour: colours.muted });
  }
  sheet.y = top + signatureBox.height + 8;
}

/** A SHA-256 in hex is 64 characters with no place to break: small enough to stay on one line. */
const hashStyle = { size: sizes.small - 0.5 } as const;

function consent(sheet: Sheet, content: ReportContent, audience: ReportPdfInput['audience']): void {
  const agreement = content.consent;
  if (!agreement) {
    sheet.heading('Consent');
    return sheet.line('No signed consent on record.');
  }
  const rows: Array<[string, string]> = [
    ['Text version', agreement.textVersion ?? none],
    ['Signed name', agreement.signedName || none],
    ['Method', agreement.method === 'drawn' ? 'Drawn' : agreement.method === 'typed' ? 'Typed' : none],
    ["Participant's date", agreement.date || none],
    ['Server time', formatDateTime(agreement.createdAt)],
  ];
  if (audience === 'admin') rows.push(['Client address', agreement.clientAddress ?? none]);
  const hash: Array<[string, string]> = [['Text SHA-256', agreement.textSha256 ?? none]];
  // The record and its signature stay together on one page.
  const height = sheet.fieldsHeight(rows) + sheet.fieldsHeight(hash, 150, hashStyle) + 4 + signatureBox.height + 8;
  sheet.heading('Consent', Math.min(height, sheet.pageHeight / 2));
  sheet.fields(rows);
  sheet.fields(hash, 150, hashStyle);
  sheet.space(4);
  signature(sheet, agreement.imageBase64);
}

/** The release (or "Draft") and the doctor first: the footer is one line, and a long name is cut with "…". */
function footerText({ content, releasedAt, doctorName }: ReportPdfInput): string {
  const doctor = doctorName ? ` by ${doctorName}` : '';
  const release = releasedAt ? `Released ${formatDay(releasedAt)}${doctor}` : `Draft, not released${doctor}`;
  return `${release} · ${content.participant.name}`;
}

/**
 * The doctor's report on one result as a PDF (A4), drawn with pdfkit: no browser. The same
 * content as the report page, in its order: identity, dates, overall score and percentile, each
 * category with its band chart and comment, the overall comment, every answer, the concerns
 * ratings and the consent record; "Page N of M" and the release on every page.
 */
export async function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { content, comments, audience } = input;
  const sheet = new Sheet({
    Title: `Assessment report: ${content.participant.name}`,
    Author: input.doctorName ?? 'Prometrica',
    Subject: 'Assessment report',
    Creator: 'Prometrica',
  });
  sheet.title('Assessment report');
  identity(sheet, content);
  dates(sheet, content);
  overall(sheet, content);
  categories(sheet, content, comments);
  if (comments.overall.trim()) {
    sheet.heading("Doctor's comment");
    sheet.paragraphs(comments.overall);
  }
  answers(sheet, content, audience === 'admin' || content.showsCorrectAnswers);
  concerns(sheet, content);
  consent(sheet, content, audience);
  sheet.footer(footerText(input));
  return sheet.finish();
}
