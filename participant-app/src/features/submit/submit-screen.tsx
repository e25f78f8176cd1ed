import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { paths, quizApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { LoadingStatus } from '../../components/status';
import { readParticipantDetails } from '../../lib/participant-details';
import {
  asAnswers,
  clearQuizProgress,
  readSavedAnswers,
  readSavedQuestions,
  type SavedAnswer,
} from '../../lib/quiz-progress';
import { settleWhileLive } from '../../lib/settle-while-live';
import { answerSubmissionErrorMessage } from '../../lib/submission-messages';
import { SubmittedResponses } from './components/submitted-responses';

type View =
  | { kind: 'review'; answers: SavedAnswer[]; total: number; answered: number }
  | { kind: 'checking' }
  | { kind: 'nothing-answered' }
  | { kind: 'unavailable' }
  | { kind: 'submitted'; total: number };

/** The answers to send: saved ones first (always current), else what `/question` handed over. */
function initialView(navigationState: unknown): View {
  const handedOver =
    typeof navigationState === 'object' && navigationState !== null ? (navigationState as Record<string, unknown>) : {};
  const saved = readSavedAnswers();
  const answers = saved.length > 0 ? saved : (asAnswers(handedOver.answers) ?? []);
  if (answers.length === 0) return { kind: 'checking' };
  const questions = readSavedQuestions();
  const total =
    typeof handedOver.total === 'number' && handedOver.total > 0
      ? handedOver.total
      : (questions?.length ?? answers.length);
  const answered = questions
    ? answers.filter((a) => questions.some((q) => q._id === a.questionId)).length
    : answers.length;
  return { kind: 'review', answers, total, answered: Math.min(answered, total) };
}

/** Spec section 5: every question must be answered before sending. */
export function remainingMessage(remaining: number): string {
  return `Please answer all questions. ${remaining} questions remaining.`;
}

/** `/submit`: sends the answers, then shows the submitted responses. */
export function SubmitScreen() {
  const location = useLocation();
  const [view, setView] = useState<View>(() => initialView(location.state));
  const [incomplete, setIncomplete] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Nothing answered in this browser: an earlier submission may still be on the server.
  const checking = view.kind === 'checking';
  useEffect(() => {
    if (!checking) return;
    return settleWhileLive(
      quizApi.getUserResponse(),
      (res) =>
        setView(
          res.responses.length > 0 ? { kind: 'submitted', total: res.responses.length } : { kind: 'nothing-answered' },
        ),
      () => setView({ kind: 'unavailable' }),
    );
  }, [checking]);

  async function submit(answers: SavedAnswer[], total: number, answered: number) {
    const remaining = total - answered;
    if (remaining > 0) {
      setIncomplete(remaining);
      return;
    }
    setIncomplete(null);
    const details = readParticipantDetails();
    setSubmitting(true);
    try {
      const res = await quizApi.submitAnswers({
        name: details?.name.trim() || 'Guest User',
        email: details?.email.trim() || 'Not Provided',
        contactno: details?.phone.trim() || 'Not Provided',
        answers: answers.map(({ questionId, userAnswer }) => ({ questionId, userAnswer })),
      });
      clearQuizProgress();
      notifications.show({ color: 'green', title: 'Answers submitted', message: res.message });
      setView({ kind: 'submitted', total: res.totalQuestions });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Your answers were not submitted',
        message: answerSubmissionErrorMessage(error),
      });
      setSubmitting(false);
    }
  }

  return (
    <>
      <AppHeader />
      <Container size={640} py={{ base: 'lg', sm: 48 }} px="md">
        {view.kind === 'submitted' && <SubmittedResponses total={view.total} />}

        {view.kind === 'checking' && <LoadingStatus>Loading your responses...</LoadingStatus>}

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
              <Button component={Link} to={paths.question}>
                Go to Quiz
              </Button>
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
                You have answered <strong>{view.answered}</strong> of <strong>{view.total}</strong> questions.
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
              <Group>
                <Button
                  size="md"
                  loading={submitting}
                  onClick={() => void submit(view.answers, view.total, view.answered)}
                >
                  Submit
                </Button>
                <Button component={Link} to={paths.question} variant="default" size="md">
                  Review answers
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Container>
    </>
  );
}
