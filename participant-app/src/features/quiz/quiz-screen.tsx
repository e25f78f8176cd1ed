import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { participantToken, paths, useAuthStore } from '@prometrica/shared-api';
import { AlreadySubmitted } from '../../components/already-submitted';
import { AppHeader } from '../../components/app-header';
import { pageWidth } from '../../components/page';
import { ResumeCode } from '../../components/resume-code';
import { RefusedHere } from '../../components/resume-link';
import { SaveStatus } from '../../components/save-status';
import { LoadingStatus, RetryAlert } from '../../components/status';
import { isReviewFromStart } from '../../lib/quiz-review';
import { AnswerChoices } from './components/answer-choices';
import { LogoutButton } from './components/logout-button';
import { QuestionNavigator } from './components/question-navigator';
import { TestProgress } from './components/test-progress';
import { useQuiz } from './hooks/use-quiz';

/**
 * `/question` and `/questions`: one question at a time, with the progress so far. Previous and Next
 * (once the question is answered) step through, the question navigator opens any answered question
 * (or the first one still open), and with every question answered Review and submit leads on.
 */
export function QuizScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const isParticipantAccount = useAuthStore((s) => s.user?.role === 'user');
  const canLogout = isParticipantAccount || participantToken.get() !== null;
  const finish = useCallback(() => navigate(paths.submit), [navigate]);
  const toConsent = useCallback(() => navigate(paths.consent, { replace: true }), [navigate]);
  const {
    load,
    questions,
    answers,
    question,
    index,
    total,
    previousAnswer,
    allAnswered,
    resumeCode,
    saveStopped,
    answer,
    previous,
    goTo,
    retry,
  } = useQuiz({ onFinish: finish, onConsentRequired: toConsent });

  const answered = useMemo(() => questions.map((q) => answers[q._id] !== undefined), [questions, answers]);
  const next = useCallback(() => goTo(index + 1), [goTo, index]);

  // Reviewing from /submit starts at the first question, before the one the quiz resumes at is
  // painted; the request is then taken out of the history entry, so a reload resumes as usual.
  const review = isReviewFromStart(location.state);
  const ready = load.status === 'ready' && questions.length > 0;
  useLayoutEffect(() => {
    if (!review || !ready) return;
    goTo(0);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [review, ready, goTo, navigate, location.pathname, location.search]);

  // Keyboard and screen-reader users land on the new question, not on a button that moved away.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownQuestion = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!question) return;
    if (shownQuestion.current !== undefined && shownQuestion.current !== question._id) headingRef.current?.focus();
    shownQuestion.current = question._id;
  }, [question]);

  return (
    <>
      <AppHeader>{canLogout && <LogoutButton resumeCode={resumeCode} />}</AppHeader>
      <Container size={pageWidth} py={{ base: 'md', sm: 'xl' }} px="md">
        {load.status === 'loading' && <LoadingStatus>Loading Questions...</LoadingStatus>}

        {load.status === 'error' &&
          (load.refused ? (
            <RefusedHere {...load.refused} />
          ) : (
            <RetryAlert title="The questions could not be loaded" onRetry={retry}>
              {load.message}
            </RetryAlert>
          ))}

        {load.status === 'submitted' && (
          <AlreadySubmitted submittedAt={load.submittedAt} concernsDone={load.concernsDone} />
        )}

        {load.status === 'ready' && !question && (
          <RetryAlert title="No questions yet" tone="gray" onRetry={retry}>
            There are no questions to answer at the moment. Please try again later.
          </RetryAlert>
        )}

        {load.status === 'ready' && question && (
          <Stack gap="md">
            <TestProgress index={index} total={total} status={<SaveStatus />} />
            {saveStopped?.kind === 'refused' && (
              <RefusedHere status={saveStopped.status} message={saveStopped.message} />
            )}
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Text size="sm" c="dimmed" fw={600}>
                  Question {index + 1} of {total}
                </Text>
                <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
                  {question.question}
                </Title>
                <AnswerChoices
                  key={question._id}
                  question={question}
                  previousAnswer={previousAnswer}
                  onAnswer={answer}
                />
              </Stack>
            </Paper>
            <Group justify="space-between" gap="sm">
              <Group gap="sm">
                <Button variant="default" onClick={previous} disabled={index === 0}>
                  Previous
                </Button>
                <Button variant="default" onClick={next} disabled={!answered[index] || index >= total - 1}>
                  Next
                </Button>
              </Group>
              {allAnswered && (
                <Button component={Link} to={paths.submit} variant="light">
                  Review and submit
                </Button>
              )}
            </Group>
            <QuestionNavigator answered={answered} current={index} onGo={goTo} />
            {resumeCode && <ResumeCode code={resumeCode} />}
          </Stack>
        )}
      </Container>
    </>
  );
}
