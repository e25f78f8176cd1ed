import type { ReactNode } from 'react';
import { Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { questionKind, type Question } from '@prometrica/shared-api';
import { formatDate } from '../../../lib/format-date';
import { OPTION_LETTERS, questionTypeLabels } from '../utils/question-form';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** `View Question`: text, options, correct answer and created date. */
export function QuestionViewModal({ question, onClose }: { question: Question | null; onClose: () => void }) {
  return (
    <Modal opened={question !== null} onClose={onClose} title="View Question" size="lg">
      {question && (
        <Stack gap="md">
          <Field label="Question">
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.question}</Text>
          </Field>
          <Group gap="xl">
            <Field label="Type">
              <Badge variant="light">{questionTypeLabels[questionKind(question.questionType)]}</Badge>
            </Field>
            <Field label="Category">
              <Text>{question.category?.name ?? 'Uncategorised'}</Text>
            </Field>
          </Group>
          {question.options.length > 0 && questionKind(question.questionType) === 'mcq' && (
            <Field label="Options">
              <List size="sm" spacing={2}>
                {question.options.map((option, i) => (
                  <List.Item key={i}>
                    {OPTION_LETTERS[i] ?? i + 1}. {option}
                  </List.Item>
                ))}
              </List>
            </Field>
          )}
          <Field label="Correct Answer">
            <Text fw={600}>{question.correctAnswer}</Text>
          </Field>
          <Field label="Created">
            <Text>{formatDate(question.createdAt)}</Text>
          </Field>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
