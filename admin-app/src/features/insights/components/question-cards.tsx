import { useId } from 'react';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { InsightQuestion } from '@prometrica/shared-api';
import { definitions } from '../utils/definitions';
import { formatCoefficient, formatDuration, formatShare } from '../utils/format';
import { FlagBadges } from './flag-badges';
import { Hint } from './hint';
import { OptionList } from './option-breakdown';
import { EditQuestionLink, OptionsToggle, questionName, type QuestionListProps } from './question-parts';
import { QuestionText } from './question-table';
import classes from './insights.module.css';

function QuestionCard({
  question,
  open,
  onToggle,
}: {
  question: InsightQuestion;
  open: boolean;
  onToggle: () => void;
}) {
  const detailId = `${useId()}-answers`;
  const hasOptions = question.options.length > 0;
  const fields = [
    { label: 'Facility', definition: definitions.facility, value: formatShare(question.facility) },
    {
      label: 'Discrimination',
      definition: definitions.discrimination,
      value: formatCoefficient(question.discrimination),
    },
    { label: 'Median time', definition: definitions.medianTime, value: formatDuration(question.medianTimeMs) },
    { label: 'Category', definition: definitions.category, value: question.categoryName },
  ];
  return (
    <Card withBorder radius="md" component="li" className={classes.card} aria-label={`Question ${question.position}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={600} size="sm">
          Question {question.position}
        </Text>
        {question.flags.length > 0 && <FlagBadges flags={question.flags} />}
      </Group>
      <QuestionText question={question} />
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {fields.map((field) => (
          <div key={field.label}>
            <Text size="xs" c="dimmed" component="div">
              <Hint label={field.label} definition={field.definition} />
            </Text>
            <Text size="sm" className={classes.number}>
              {field.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {hasOptions && open && (
        <div id={detailId} className={classes.cardAnswers}>
          <OptionList options={question.options} label={`Answers of ${questionName(question)}`} />
        </div>
      )}
      <Group justify="flex-end" gap="xs" mt="sm">
        {hasOptions && <OptionsToggle question={question} open={open} controls={detailId} onToggle={onToggle} />}
        <EditQuestionLink question={question} />
      </Group>
    </Card>
  );
}

/** The question table as cards (a phone, where the table would scroll sideways). */
export function QuestionCards({ questions, isOpen, onToggle }: QuestionListProps) {
  return (
    <Stack component="ul" gap="sm" p="sm" m={0} className={classes.cards} aria-label="Questions">
      {questions.map((question) => (
        <QuestionCard
          key={question.position}
          question={question}
          open={isOpen(question)}
          onToggle={() => onToggle(question)}
        />
      ))}
    </Stack>
  );
}
