import { useState } from 'react';
import { Group, Paper, Switch, Text, Title } from '@mantine/core';
import type { InsightQuestion } from '@prometrica/shared-api';
import { EmptyState } from '../../../components';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { countOf } from '../utils/format';
import { QuestionCards } from './question-cards';
import { QuestionTable } from './question-table';
import classes from './insights.module.css';

/** The question table (cards on a phone), with a switch to show only the flagged questions. */
export function QuestionPanel({ questions }: { questions: InsightQuestion[] }) {
  const small = useMatchesMedia('(max-width: 48em)');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const flagged = questions.filter((q) => q.flags.length > 0).length;
  const shown = flaggedOnly ? questions.filter((q) => q.flags.length > 0) : questions;
  const isOpen = (question: InsightQuestion) => open.has(question.position);
  const onToggle = (question: InsightQuestion) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(question.position)) next.add(question.position);
      return next;
    });

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="insight-questions" className={classes.panel}>
      <Group justify="space-between" align="flex-end" gap="sm" p="md" pb="sm">
        <div>
          <Title order={2} size="h4" id="insight-questions">
            Questions
          </Title>
          <Text size="sm" c="dimmed">
            {countOf(questions.length, 'question')}, {flagged} flagged for review
          </Text>
        </div>
        <Switch
          label="Only flagged questions"
          checked={flaggedOnly}
          onChange={(event) => setFlaggedOnly(event.currentTarget.checked)}
        />
      </Group>
      {shown.length === 0 ? (
        <EmptyState
          title={flaggedOnly ? 'No Flagged Questions' : 'No Questions'}
          hint={flaggedOnly ? 'No question is too easy, too hard or in need of its key checked' : undefined}
        />
      ) : small ? (
        <QuestionCards questions={shown} isOpen={isOpen} onToggle={onToggle} />
      ) : (
        <QuestionTable questions={shown} isOpen={isOpen} onToggle={onToggle} />
      )}
    </Paper>
  );
}
