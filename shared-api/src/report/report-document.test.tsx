import { screen, within } from '@testing-library/react';
import { Textarea } from '@mantine/core';
import { renderWithProviders, participantReportFixture, reportContentFixture } from '../testing/render';
import { ReportDocument } from './report-document';

const noComments = { overall: '', categories: {} };

const section = (name: string) => screen.getByRole('region', { name });

test('every section is drawn from the content, in the report order', () => {
  renderWithProviders(
    <ReportDocument
      content={reportContentFixture}
      comments={participantReportFixture.comments}
      releasedAt="2026-03-05T08:30:00.000Z"
      doctorName="Dr. Amina Qureshi"
    />,
  );
  const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(titles).toEqual([
    'Participant',
    'Overall score',
    'Categories',
    "Doctor's comment",
    'Answers',
    'Workplace concerns',
    'Consent',
  ]);

  const identity = within(section('Participant'));
  expect(identity.getByText('Zoë Ñúñez Ωμέγα Юлия')).toBeInTheDocument();
  expect(identity.getByText('zoe.nunez.a.rather.long.address@example-hospital.org')).toBeInTheDocument();
  expect(identity.getByText('Invited')).toBeInTheDocument();
  expect(identity.getByText(/^1 Mar 2026, \d\d:\d\d$/)).toBeInTheDocument();
  expect(identity.getByText('12 min 5 s')).toBeInTheDocument();
  expect(identity.getByText('Dr. Amina Qureshi')).toBeInTheDocument();
  expect(identity.getByText('Report released')).toBeInTheDocument();

  const score = within(section('Overall score'));
  expect(score.getByText('70%')).toBeInTheDocument();
  expect(score.getByText('Passed')).toBeInTheDocument();
  expect(score.getByText('Higher than 62% of 140 participants.')).toBeInTheDocument();

  // Each bar says its percent and band in words; the band boundaries are marked.
  const bars = within(section('Categories')).getAllByRole('img');
  expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
    'Anatomy: 20%, Low',
    'Ethics: 60%, Average',
    'Triage: 100%, High',
  ]);
  expect(screen.getByText('20% · Low')).toBeInTheDocument();
  expect(screen.getAllByText('25')).toHaveLength(3);
  expect(screen.getAllByText('75')).toHaveLength(3);
  const [anatomy] = screen.getAllByTestId('report-category');
  expect(anatomy).toHaveTextContent('1 of 5 correct. Higher than 12% of participants.');
  expect(within(anatomy!).getByRole('note', { name: "Doctor's comment on Anatomy" })).toHaveTextContent(
    'Revise the long bones.',
  );

  const answers = within(section('Answers'));
  expect(answers.getByRole('columnheader', { name: 'Correct answer' })).toBeInTheDocument();
  const femur = answers.getByRole('row', { name: /Which bone is the longest/ });
  expect(femur).toHaveTextContent('Tibia');
  expect(femur).toHaveTextContent('Femur');
  expect(femur).toHaveTextContent('✗ Wrong');
  expect(answers.getAllByText('✓ Correct')).toHaveLength(2);

  const concerns = within(section('Workplace concerns'));
  expect(concerns.getByRole('row', { name: /Workload.*Quite a Bit/ })).toBeInTheDocument();
  expect(concerns.getByText('Hours and on-call duties')).toBeInTheDocument();

  const consent = within(section('Consent'));
  expect(consent.getByText('2026-01')).toBeInTheDocument();
  const digest = consent.getByText('3f1c9a7be2d0…');
  expect(digest).toHaveAttribute('title', reportContentFixture.consent!.textSha256);
  expect(consent.getByText('Typed (drawn from the typed name)')).toBeInTheDocument();
  expect(consent.getByText('2026-03-02')).toBeInTheDocument();
  expect(consent.getByText('203.0.113.7')).toBeInTheDocument();
  expect(consent.getByRole('img', { name: 'Signature of Zoë Ñúñez' })).toHaveAttribute(
    'src',
    `data:image/png;base64,${reportContentFixture.consent!.imageBase64}`,
  );
});

test("a participant's copy without the correct answers shows only the answers given", () => {
  renderWithProviders(<ReportDocument content={participantReportFixture.content} comments={noComments} />);
  const answers = within(section('Answers'));
  expect(answers.getByText('Tibia')).toBeInTheDocument();
  expect(answers.queryByRole('columnheader', { name: 'Correct answer' })).not.toBeInTheDocument();
  expect(answers.queryByText('Femur')).not.toBeInTheDocument();
  expect(answers.queryByText(/✓|✗/)).not.toBeInTheDocument();
});

test("the doctor's comments keep their paragraphs and line breaks; empty ones show nothing", () => {
  renderWithProviders(<ReportDocument content={reportContentFixture} comments={participantReportFixture.comments} />);
  const overall = screen.getByRole('note', { name: "Doctor's overall comment" });
  const paragraphs = overall.querySelectorAll('p');
  expect([...paragraphs].map((p) => p.textContent)).toEqual([
    'A solid result overall.',
    'Please review the anatomy notes\nbefore the next session.',
  ]);
  // Ethics has an empty comment, Triage none: no comment box for either.
  expect(screen.queryByRole('note', { name: "Doctor's comment on Ethics" })).not.toBeInTheDocument();
  expect(screen.queryByRole('note', { name: "Doctor's comment on Triage" })).not.toBeInTheDocument();
});

test('without any comment there is no comment section, and a missing consent, start and client address say so', () => {
  const content = {
    ...reportContentFixture,
    dates: { ...reportContentFixture.dates, invitedAt: null, startedAt: null, timeTakenSeconds: null },
    totals: { ...reportContentFixture.totals, percent: 40, passed: false },
    cohortSize: 1,
    consent: null,
  };
  renderWithProviders(<ReportDocument content={content} comments={{ overall: '  \n ', categories: {} }} />);
  expect(screen.queryByRole('region', { name: "Doctor's comment" })).not.toBeInTheDocument();
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
  const identity = within(section('Participant'));
  expect(identity.getByText('Entered details')).toBeInTheDocument();
  expect(identity.getAllByText('Not recorded')).toHaveLength(2);
  expect(screen.getByText('Not passed')).toBeInTheDocument();
  expect(screen.getByText('Higher than 62% of 1 participant.')).toBeInTheDocument();
  expect(within(section('Consent')).getByText('No signed consent is on record.')).toBeInTheDocument();
  expect(screen.queryByText('Client address')).not.toBeInTheDocument();
});

test("the render props put the admin's editors where the comments' text would be", () => {
  renderWithProviders(
    <ReportDocument
      content={reportContentFixture}
      comments={{ overall: '', categories: { Anatomy: 'Revise the long bones.' } }}
      renderOverallComment={() => <Textarea label="Overall comment" defaultValue="" />}
      renderCategoryComment={(name) => <Textarea label={`Comment on ${name}`} defaultValue="" />}
    />,
  );
  // The overall section shows even with an empty comment, holding the editor.
  expect(within(section("Doctor's comment")).getByRole('textbox', { name: 'Overall comment' })).toBeInTheDocument();
  const editors = screen.getAllByRole('textbox', { name: /^Comment on / });
  expect(editors).toHaveLength(3);
  expect(screen.getByRole('textbox', { name: 'Comment on Triage' })).toBeInTheDocument();
  expect(screen.queryByText('Revise the long bones.')).not.toBeInTheDocument();
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
