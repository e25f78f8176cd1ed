import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { paths, useAuthStore } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { LoadingStatus, RetryAlert } from '../../components/status';
import type { FinishedQuizState } from '../../lib/quiz-progress';
import { AnswerChoices } from './components/answer-choices';
import { LogoutButton } from './components/logout-button';
import { TestProgress } from './components/test-progress';
import { useQuiz } from './hooks/use-quiz';

/** `/question` and `/questions`: one question at a time, with the progress so far. */
export function QuizScreen() {
  const navigate = useNavigate();
  const isParticipantAccount = useAuthStore((s) => s.user?.role === 'user');
  const finish = useCallback((state: FinishedQuizState) => navigate(paths.submit, { state }), [navigate]);
  const { load, question, index, total, previousAnswer, answer, previous, retry } = useQuiz(finish);

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
      <AppHeader>{isParticipantAccount && <LogoutButton />}</AppHeader>
      <Container size={760} py={{ base: 'md', sm: 'xl' }} px="md">
        {load.status === 'loading' && <LoadingStatus>Loading Questions...</LoadingStatus>}

        {load.status === 'error' && (
          <RetryAlert title="The questions could not be loaded" onRetry={retry}>
            {load.message}
          </RetryAlert>
        )}

        {load.status === 'ready' && !question && (
          <RetryAlert title="No questions yet" tone="gray" onRetry={retry}>
            There are no questions to answer at the moment. Please try again later.
          </RetryAlert>
        )}

        {load.status === 'ready' && question && (
          <Stack gap="md">
            <TestProgress index={index} total={total} />
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
            <Group>
              <Button variant="default" onClick={previous} disabled={index === 0}>
                Previous
              </Button>
            </Group>
          </Stack>
        )}
      </Container>
    </>
  );
}
