import { useId } from 'react';
import { Table, Text } from '@mantine/core';
import type { InsightQuestion } from '@prometrica/shared-api';
import { definitions, flagsDefinition } from '../utils/definitions';
import { formatCoefficient, formatDuration, formatShare } from '../utils/format';
import { FlagBadges } from './flag-badges';
import { HintedTable, type HintedColumn } from './hinted-table';
import { OptionTable } from './option-breakdown';
import {
  EditQuestionLink,
  OptionsChevron,
  questionName,
  type QuestionListProps,
  questionTypeNames,
} from './question-parts';
import classes from './insights.module.css';

const columns: HintedColumn[] = [
  {
    label: '#',
    definition: `${definitions.position} The arrow beside it shows the answers each participant chose.`,
    figure: true,
  },
  { label: 'Question', definition: `${definitions.question} Under it: its category, its type and its key.` },
  { label: 'Facility', definition: definitions.facility, figure: true },
  { label: 'Discrimination', definition: definitions.discrimination, figure: true },
  { label: 'Median time', definition: definitions.medianTime, figure: true },
  { label: 'Flags', definition: flagsDefinition },
  { label: 'Actions', definition: 'Edit opens the question in the question bank, while it is still there.' },
];

/** A question's text with its type and key under it (and its category, in the table). */
export function QuestionText({
  question,
  withCategory = false,
}: {
  question: InsightQuestion;
  withCategory?: boolean;
}) {
  return (
    <>
      <Text size="sm" className={classes.questionText}>
        {question.question}
      </Text>
      <Text size="xs" c="dimmed">
        {withCategory && `${question.categoryName} · `}
        {questionTypeNames[question.questionType]} · Key: {question.correctAnswer}
      </Text>
    </>
  );
}

function QuestionRow({ question, open, onToggle }: { question: InsightQuestion; open: boolean; onToggle: () => void }) {
  const detailId = `${useId()}-answers`;
  const hasOptions = question.options.length > 0;
  return (
    <>
      <Table.Tr data-flagged={question.flags.length > 0 || undefined}>
        <Table.Td data-figure>
          <div className={classes.position}>
            {hasOptions && <OptionsChevron question={question} open={open} controls={detailId} onToggle={onToggle} />}
            {question.position}
          </div>
        </Table.Td>
        <Table.Td className={classes.questionCell}>
          <QuestionText question={question} withCategory />
        </Table.Td>
        <Table.Td data-figure>{formatShare(question.facility)}</Table.Td>
        <Table.Td data-figure>{formatCoefficient(question.discrimination)}</Table.Td>
        <Table.Td data-figure>{formatDuration(question.medianTimeMs)}</Table.Td>
        <Table.Td data-nowrap>
          <FlagBadges flags={question.flags} />
        </Table.Td>
        <Table.Td data-nowrap>
          <EditQuestionLink question={question} />
        </Table.Td>
      </Table.Tr>
      {hasOptions && open && (
        <Table.Tr id={detailId} className={classes.detailRow}>
          <Table.Td colSpan={columns.length}>
            <div className={classes.answers}>
              <OptionTable options={question.options} label={`Answers of ${questionName(question)}`} />
            </div>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** The question table (a desktop): one row per question, each choice question's answers below it when opened. */
export function QuestionTable({ questions, isOpen, onToggle }: QuestionListProps) {
  return (
    <HintedTable columns={columns} minWidth={800} caption="Questions">
      {questions.map((question) => (
        <QuestionRow
          key={question.position}
          question={question}
          open={isOpen(question)}
          onToggle={() => onToggle(question)}
        />
      ))}
    </HintedTable>
  );
}
