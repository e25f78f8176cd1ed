import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { paths, progressApi, quizApi, type ParticipantQuestion, type ProgressResponse } from '@prometrica/shared-api';
import { AlreadySubmitted } from '../../components/already-submitted';
import { AppHeader } from '../../components/app-header';
import { RefusedHere } from '../../components/resume-link';
import { SaveStatus, useSaveQueue } from '../../components/save-status';
import { LoadingStatus } from '../../components/status';
import { answerQueue, answersWithLocal, type QueuedAnswer } from '../../lib/answer-queue';
import { readParticipantDetails } from '../../lib/participant-details';
import { isConsentRequired, refusedHere } from '../../lib/participant-session';
import { answeredCount, clearQuizProgress } from '../../lib/quiz-progress';
import { reviewFromStart } from '../../lib/quiz-review';
import { answerSubmissionErrorMessage, submissionMessages } from '../../lib/submission-messages';
import { SubmittedResponses } from './components/submitted-responses';

type View =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'already'; submittedAt: string; concernsDone: boolean }
  | { kind: 'nothing-answered' }
  | { kind: 'review'; questions: ParticipantQuestion[]; answered: number }
  | { kind: 'submitted'; total: number };

/** Spec section 5: every question must be answered before sending. */
export function remainingMessage(remaining: number): string {
  return `Please answer all questions. ${remaining} questions remaining.`;
}

const alreadyOf = (progress: ProgressResponse & { submittedAt: string }): View => ({
  kind: 'already',
  submittedAt: progress.submittedAt,
  concernsDone: progress.concernsSubmittedAt !== null,
});

/** `/submit`: once every answer is saved, sends the submission; then shows the submitted responses. */
export function SubmitScreen() {
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [incomplete, setIncomplete] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState<'no' | 'saving' | 'sending'>('no');
  const [refusal, setRefusal] = useState<{ status: number; message: string } | null>(null);
  const { pending } = useSaveQueue();

  // Saves left from the quiz go out now, if they have not already.
  useEffect(() => answerQueue.resume(), []);

  useEffect(() => {
    let live = true;
    const acked: QueuedAnswer[] = [];
    const stopTracking = answerQueue.onSaved((_, sent) => acked.push(sent));
    const toConsent = () => navigate(paths.consent, { replace: true });
    const load = async () => {
      try {
        const progress = await progressApi.getProgress();
        if (!live) return;
        if (progress.submittedAt !== null)
          return setView(alreadyOf({ ...progress, submittedAt: progress.submittedAt }));
        if (progress.consent === null) return toConsent();
        const { questions } = await quizApi.getQuestions(progress.questionSetVersion);
        if (!live) return;
        const answers = answersWithLocal(progress.answers, progress.questionSetVersion, { acked });
        const answered = answeredCount(questions, answers);
        setView(answered === 0 ? { kind: 'nothing-answered' } : { kind: 'review', questions, answered });
      } catch (error) {
        if (!live) return;
        if (isConsentRequired(error)) return toConsent();
        const refused = refusedHere(error);
        setView(refused ? { kind: 'refused', ...refused } : { kind: 'unavailable' });
      }
    };
    void load();
    return () => {
      live = false;
      stopTracking();
    };
  }, [attempt, navigate]);

  async function submit(questions: ParticipantQuestion[], answered: number) {
    const remaining = questions.length - answered;
    if (remaining > 0) {
      setIncomplete(remaining);
      return;
    }
    setIncomplete(null);
    setRefusal(null);
    // Every answer must be on the server first: the submission is checked against the saved ones.
    // When they cannot be sent now, the participant is told and the queue keeps trying.
    setSubmitting('saving');
    const drained = await answerQueue.drain({ untilFailure: true });
    if (drained.kind === 'stopped') {
      if (drained.stop.kind === 'consent-required') navigate(paths.consent, { replace: true });
      else setRefusal(drained.stop);
      setSubmitting('no');
      return;
    }
    if (drained.kind !== 'drained') {
      const { state, detail } = answerQueue.getSnapshot();
      notifications.show({
        color: 'red',
        title: 'Your answers were not submitted',
        message:
          state === 'offline'
            ? submissionMessages.network
            : (detail ?? 'Your last answers could not be saved yet. Please try again in a moment.'),
      });
      setSubmitting('no');
      return;
    }
    setSubmitting('sending');
    try {
      const progress = await progressApi.getProgress();
      if (progress.submittedAt !== null) {
        setView(alreadyOf({ ...progress, submittedAt: progress.submittedAt }));
        return;
      }
      const saved = answersWithLocal(progress.answers, progress.questionSetVersion, { pending: false });
      const stillOpen = questions.length - answeredCount(questions, saved);
      if (stillOpen > 0) {
        setView({ kind: 'review', questions, answered: questions.length - stillOpen });
        setIncomplete(stillOpen);
        setSubmitting('no');
        return;
      }
      const details = readParticipantDetails();
      const who = progress.participant;
      const res = await quizApi.submitAnswers({
        name: who.name.trim() || details?.name.trim() || 'Guest User',
        email: who.email.trim() || details?.email.trim() || 'Not Provided',
        contactno: who.phone.trim() || details?.phone.trim() || 'Not Provided',
        answers: questions.map((q) => ({ questionId: q._id, userAnswer: saved[q._id]! })),
        questionSetVersion: progress.questionSetVersion,
      });
      clearQuizProgress();
      notifications.show({ color: 'green', title: 'Answers submitted', message: res.message });
      setView({ kind: 'submitted', total: res.totalQuestions });
    } catch (error) {
      if (isConsentRequired(error)) {
        navigate(paths.consent, { replace: true });
        return;
      }
      // A refused token: the way on is the resume code (participants never log in).
      const refused = refusedHere(error);
      if (refused) {
        setRefusal(refused);
        setSubmitting('no');
        return;
      }
      notifications.show({
        color: 'red',
        title: 'Your answers were not submitted',
        message: answerSubmissionErrorMessage(error),
      });
      setSubmitting('no');
    }
  }

  const retry = () => {
    setView({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <>
      <AppHeader />
      <Container size={640} py={{ base: 'lg', sm: 48 }} px="md">
        {view.kind === 'submitted' && <SubmittedResponses total={view.total} />}

        {view.kind === 'already' && (
          <AlreadySubmitted submittedAt={view.submittedAt} concernsDone={view.concernsDone} />
        )}

        {view.kind === 'loading' && <LoadingStatus>Loading your responses...</LoadingStatus>}

        {view.kind === 'refused' && <RefusedHere status={view.status} message={view.message} />}

        {(view.kind === 'nothing-answered' || view.kind === 'unavailable') && (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md" align="flex-start">
              <Title order={1} size="h2">
                Submit your answers
              </Title>
              <Text>
                {view.kind === 'unavailable'
                  ? 'No quiz results available. Please take the quiz first to see your results.'
                  : 'You have not answered any questions yet.'}
              </Text>
              <Group>
                <Button component={Link} to={paths.question}>
                  Go to Quiz
                </Button>
                {view.kind === 'unavailable' && (
                  <Button variant="default" onClick={retry}>
                    Retry
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        )}

        {view.kind === 'review' && (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={1} size="h2">
                Submit your answers
              </Title>
              <Text size="lg">
                You have answered <strong>{view.answered}</strong> of <strong>{view.questions.length}</strong>{' '}
                questions.
              </Text>
              <Text c="dimmed">Once submitted, your answers go to the doctor, who will prepare your report.</Text>
              {incomplete !== null && (
                <Alert color="red" title="Some questions are not answered">
                  <Stack gap="sm" align="flex-start">
                    <Text size="sm">{remainingMessage(incomplete)}</Text>
                    <Button component={Link} to={paths.question} variant="white" color="red">
                      Back to questions
                    </Button>
                  </Stack>
                </Alert>
              )}
              {refusal !== null && <RefusedHere {...refusal} />}
              <Group>
                <Button
                  size="md"
                  loading={submitting !== 'no'}
                  onClick={() => void submit(view.questions, view.answered)}
                >
                  Submit
                </Button>
                <Button component={Link} to={paths.question} state={reviewFromStart} variant="default" size="md">
                  Review answers
                </Button>
              </Group>
              {(submitting === 'saving' || pending > 0) && (
                <Stack gap={2}>
                  {submitting === 'saving' && <Text size="sm">Sending your last answers before submitting...</Text>}
                  <SaveStatus />
                </Stack>
              )}
            </Stack>
          </Paper>
        )}
      </Container>
    </>
  );
}
