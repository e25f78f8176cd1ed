import { useId } from 'react';
import { Group, Table, Text } from '@mantine/core';
import type { InsightQuestion } from '@prometrica/shared-api';
import { definitions, flagsDefinition } from '../utils/definitions';
import { formatCoefficient, formatDuration, formatShare } from '../utils/format';
import { FlagBadges } from './flag-badges';
import { HintedTable, type HintedColumn } from './hinted-table';
import { OptionTable } from './option-breakdown';
import { EditQuestionLink, OptionsToggle, questionName, questionTypeNames } from './question-parts';
import classes from './insights.module.css';

const columns: HintedColumn[] = [
  { label: '#', definition: definitions.position, figure: true },
  { label: 'Question', definition: definitions.question },
  { label: 'Category', definition: definitions.category },
  { label: 'Facility', definition: definitions.facility, figure: true },
  { label: 'Discrimination', definition: definitions.discrimination, figure: true },
  { label: 'Median time', definition: definitions.medianTime, figure: true },
  { label: 'Flags', definition: flagsDefinition },
  { label: 'Actions', definition: `${definitions.options} Edit opens the question in the question bank.` },
];

/** A question's text with its type and key under it. */
export function QuestionText({ question }: { question: InsightQuestion }) {
  return (
    <>
      <Text size="sm" className={classes.questionText}>
        {question.question}
      </Text>
      <Text size="xs" c="dimmed">
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
        <Table.Td data-figure>{question.position}</Table.Td>
        <Table.Td className={classes.questionCell}>
          <QuestionText question={question} />
        </Table.Td>
        <Table.Td>{question.categoryName}</Table.Td>
        <Table.Td data-figure>{formatShare(question.facility)}</Table.Td>
        <Table.Td data-figure>{formatCoefficient(question.discrimination)}</Table.Td>
        <Table.Td data-figure>{formatDuration(question.medianTimeMs)}</Table.Td>
        <Table.Td data-nowrap>
          <FlagBadges flags={question.flags} />
        </Table.Td>
        <Table.Td data-nowrap>
          <Group gap="xs" wrap="nowrap">
            {hasOptions && <OptionsToggle question={question} open={open} controls={detailId} onToggle={onToggle} />}
            <EditQuestionLink question={question} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {hasOptions && open && (
        <Table.Tr id={detailId} className={classes.detailRow}>
          <Table.Td colSpan={columns.length}>
            <OptionTable options={question.options} label={`Answers of ${questionName(question)}`} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** The question table (a desktop): one row per question, each choice question's answers below it when opened. */
export function QuestionTable({
  questions,
  isOpen,
  onToggle,
}: {
  questions: InsightQuestion[];
  isOpen: (question: InsightQuestion) => boolean;
  onToggle: (question: InsightQuestion) => void;
}) {
  return (
    <HintedTable columns={columns} minWidth={1000} caption="Questions">
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
