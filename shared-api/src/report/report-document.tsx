import type { ReactNode } from 'react';
import { Badge, Text, Title } from '@mantine/core';
import type { ReportComments, ReportContent } from '../contract/reports';
import type { SignedAgreement } from '../contract/results';
import { PASS_PERCENT } from '../contract/domain';
import { BandLegend, CategoryBars } from './category-bars';
import { CommentText } from './comment-text';
import { countOf, formatDateTime, formatDuration, paragraphsOf } from './report-format';
import classes from './report-document.module.css';

export interface ReportDocumentProps {
  content: ReportContent;
  comments: ReportComments;
  /** When the report was released to the participant (shown under the identity when given). */
  releasedAt?: string | null;
  /** The doctor who wrote it, as the product shows the name. */
  doctorName?: string | null;
  /** Drawn in place of the overall comment's text (the admin's editor); the section is always shown then. */
  renderOverallComment?: () => ReactNode;
  /** Drawn in place of a category's comment text (the admin's editor). */
  renderCategoryComment?: (categoryName: string) => ReactNode;
}

/** Characters of the consent text's SHA-256 shown; the whole digest is in the title. */
const SHORT_SHA_LENGTH = 12;

const consentMethods: Record<NonNullable<SignedAgreement['method']>, string> = {
  typed: 'Typed (drawn from the typed name)',
  drawn: 'Drawn (by finger or mouse)',
};

const notRecorded = 'Not recorded';

function Section({
  title,
  children,
  keepTogether = false,
}: {
  title: string;
  children: ReactNode;
  keepTogether?: boolean;
}) {
  return (
    <section
      className={keepTogether ? `${classes.section} ${classes.keepTogether}` : classes.section}
      aria-label={title}
    >
      <Title order={2} size="h4" className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Label and value pairs; a null value is left out. */
function Facts({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={classes.facts}>
      {items.map(([label, value]) => (
        <div key={label} className={classes.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Identity({
  content,
  releasedAt,
  doctorName,
}: Pick<ReportDocumentProps, 'content' | 'releasedAt' | 'doctorName'>) {
  const { participant, dates } = content;
  const items: Array<readonly [string, ReactNode]> = [
    ['Name', participant.name],
    ['Email', participant.email],
    ['Phone', participant.phoneNumber || notRecorded],
    dates.invitedAt
      ? ['Invited', formatDateTime(dates.invitedAt)]
      : ['Entered details', formatDateTime(dates.enteredAt)],
    ['Consented', dates.consentedAt ? formatDateTime(dates.consentedAt) : notRecorded],
    ['Started', dates.startedAt ? formatDateTime(dates.startedAt) : notRecorded],
    ['Submitted', formatDateTime(dates.submittedAt)],
    ['Time taken', dates.timeTakenSeconds === null ? notRecorded : formatDuration(dates.timeTakenSeconds)],
  ];
  if (releasedAt) items.push(['Report released', formatDateTime(releasedAt)]);
  if (doctorName) items.push(['Doctor', doctorName]);
  return (
    <Section title="Participant" keepTogether>
      <Facts items={items} />
    </Section>
  );
}

function OverallScore({ content }: { content: ReportContent }) {
  const { totals } = content;
  return (
    <Section title="Overall score" keepTogether>
      <div className={classes.score}>
        <span className={classes.scoreFigure}>{totals.percent}%</span>
        <Badge size="lg" color={totals.passed ? 'green' : 'red'} variant="filled">
          {totals.passed ? 'Passed' : 'Not passed'}
        </Badge>
      </div>
      <Text mt="xs">
        {totals.correctAnswer} of {totals.totalAnswers} answers correct (pass mark {PASS_PERCENT}%).
      </Text>
      <Text>
        Higher than {content.percentile}% of {countOf(content.cohortSize, 'participant')}.
      </Text>
    </Section>
  );
}

function Categories({
  content,
  comments,
  renderCategoryComment,
}: Pick<ReportDocumentProps, 'content' | 'comments' | 'renderCategoryComment'>) {
  return (
    <Section title="Categories">
      {content.categories.length === 0 ? (
        <Text c="dimmed">No category was answered.</Text>
      ) : (
        <>
          <BandLegend />
          <CategoryBars
            categories={content.categories}
            commentOf={(name) => comments.categories[name]}
            renderComment={renderCategoryComment}
          />
        </>
      )}
    </Section>
  );
}

function AnswerMark({ isCorrect }: { isCorrect: boolean | undefined }) {
  if (isCorrect === undefined) return null;
  return (
    <span className={`${classes.mark} ${isCorrect ? classes.right : classes.wrong}`}>
      {isCorrect ? '✓ Correct' : '✗ Wrong'}
    </span>
  );
}

function Answers({ content }: { content: ReportContent }) {
  const withCorrect = content.showsCorrectAnswers;
  return (
    <Section title="Answers">
      {content.answers.length === 0 ? (
        <Text c="dimmed">No answers were recorded.</Text>
      ) : (
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col" className={classes.number}>
                #
              </th>
              <th scope="col">Question</th>
              <th scope="col" className={classes.category}>
                Category
              </th>
              <th scope="col">Answer given</th>
              {withCorrect && <th scope="col">Correct answer</th>}
              {withCorrect && <th scope="col">Result</th>}
            </tr>
          </thead>
          <tbody>
            {content.answers.map((answer, i) => (
              <tr key={i}>
                <td className={classes.number}>{i + 1}</td>
                <td>{answer.question}</td>
                <td data-label="Category" className={classes.category}>
                  {answer.categoryName}
                </td>
                <td data-label="Answer given">{answer.userAnswer || notRecorded}</td>
                {withCorrect && <td data-label="Correct answer">{answer.correctAnswer ?? ''}</td>}
                {withCorrect && (
                  <td data-label="Result">
                    <AnswerMark isCorrect={answer.isCorrect} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Concerns({ content }: { content: ReportContent }) {
  return (
    <Section title="Workplace concerns">
      {content.concerns.length === 0 ? (
        <Text c="dimmed">No workplace concerns were rated.</Text>
      ) : (
        <>
          {content.concernsSubmittedAt && (
            <Text size="sm" mb="xs">
              Rated on {formatDateTime(content.concernsSubmittedAt)}
            </Text>
          )}
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">Concern</th>
                <th scope="col">Rating</th>
              </tr>
            </thead>
            <tbody>
              {content.concerns.map((concern, i) => (
                <tr key={i}>
                  <td>
                    <Text span fw={600} size="sm">
                      {concern.title}
                    </Text>
                    {concern.description && (
                      <Text size="xs" c="dimmed">
                        {concern.description}
                      </Text>
                    )}
                  </td>
                  <td data-label="Rating">{concern.rating}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Section>
  );
}

function ConsentRecord({ consent }: { consent: SignedAgreement | null }) {
  if (!consent) {
    return (
      <Section title="Consent" keepTogether>
        <Text c="dimmed">No signed consent is on record.</Text>
      </Section>
    );
  }
  const sha = consent.textSha256;
  const items: Array<readonly [string, ReactNode]> = [
    ['Text version', consent.textVersion ?? notRecorded],
    [
      'Text SHA-256',
      sha ? (
        <span className={classes.digest} title={sha}>
          {sha.slice(0, SHORT_SHA_LENGTH)}…
        </span>
      ) : (
        notRecorded
      ),
    ],
    ['Signed name', consent.signedName ?? notRecorded],
    ['Method', consent.method ? consentMethods[consent.method] : notRecorded],
    ["Participant's date", consent.date || notRecorded],
    ['Server time', formatDateTime(consent.createdAt)],
  ];
  if (consent.clientAddress) items.push(['Client address', consent.clientAddress]);
  return (
    <Section title="Consent" keepTogether>
      <Facts items={items} />
      {consent.imageBase64 && (
        <>
          <Text size="xs" c="dimmed" mt="sm">
            Signature
          </Text>
          <img
            className={classes.signature}
            src={`data:image/png;base64,${consent.imageBase64}`}
            alt={`Signature${consent.signedName ? ` of ${consent.signedName}` : ''}`}
          />
        </>
      )}
    </Section>
  );
}

function OverallComment({
  comments,
  renderOverallComment,
}: Pick<ReportDocumentProps, 'comments' | 'renderOverallComment'>) {
  if (renderOverallComment) {
    return <Section title="Doctor's comment">{renderOverallComment()}</Section>;
  }
  // Nothing at all for an empty comment: no heading over an empty box.
  if (paragraphsOf(comments.overall).length === 0) return null;
  return (
    <Section title="Doctor's comment">
      <CommentText text={comments.overall} label="Doctor's overall comment" />
    </Section>
  );
}

/**
 * The doctor's report on one result, read-only: the participant and dates, the overall score,
 * the categories as bars with their bands, the doctor's comment, the answers (correct ones only
 * when `content.showsCorrectAnswers`), the workplace concerns and the consent record. It prints
 * without the apps' navigation (anything marked `data-print="hide"`). The admin's page passes the
 * render props to put its comment editors where the comments' text would be.
 */
export function ReportDocument({
  content,
  comments,
  releasedAt,
  doctorName,
  renderOverallComment,
  renderCategoryComment,
}: ReportDocumentProps) {
  return (
    <article className={classes.document} aria-label={`Report on ${content.participant.name}`}>
      <Identity content={content} releasedAt={releasedAt} doctorName={doctorName} />
      <OverallScore content={content} />
      <Categories content={content} comments={comments} renderCategoryComment={renderCategoryComment} />
      <OverallComment comments={comments} renderOverallComment={renderOverallComment} />
      <Answers content={content} />
      <Concerns content={content} />
      <ConsentRecord consent={content.consent} />
      {content.questionSetVersion !== null && (
        <Text size="xs" c="dimmed" ta="right">
          Question set version {content.questionSetVersion}
        </Text>
      )}
    </article>
  );
}
