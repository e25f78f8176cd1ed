import { Table } from '@mantine/core';
import type { ResultListResponse } from '@prometrica/shared-api';
import { EyeIcon } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { PassBadge } from './pass-badge';
import classes from './results.module.css';

type ListedResult = ResultListResponse['results'][number];

// The header is Mantine's; the rows (25 to 100 of them, on the screen's first paint) are plain
// elements styled from the table's own variables: a Mantine component per cell made rendering the
// rows most of the screen's work on a slow phone.
function ResultRow({ result, onView }: { result: ListedResult; onView: (result: ListedResult) => void }) {
  const totals = result.userTotals;
  return (
    <tr className={classes.row}>
      <td className={`${classes.cell} ${classes.participant}`}>
        <div className={classes.name}>{result.user.name}</div>
        <div className={classes.email}>{result.user.email}</div>
      </td>
      <td className={`${classes.cell} ${classes.figure}`}>{totals.correctAnswer}</td>
      <td className={`${classes.cell} ${classes.figure}`}>{totals.wrongAnswer}</td>
      <td className={`${classes.cell} ${classes.figure}`}>{totals.totalAnswers}</td>
      <td className={`${classes.cell} ${classes.figure}`}>{totals.percent}%</td>
      <td className={classes.cell}>
        <PassBadge passed={totals.passed} />
      </td>
      <td className={classes.cell}>{formatDate(result.createdAt)}</td>
      <td className={classes.cell}>
        <button type="button" className={classes.view} aria-label={`View result of ${result.user.name}`} onClick={() => onView(result)}>
          <EyeIcon />
        </button>
      </td>
    </tr>
  );
}

/** Results as a table (desktop). */
export function ResultTable({ results, onView }: { results: ListedResult[]; onView: (result: ListedResult) => void }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Participant</Table.Th>
            <Table.Th>Correct</Table.Th>
            <Table.Th>Wrong</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <tbody>
          {results.map((result) => (
            <ResultRow key={result._id} result={result} onView={onView} />
          ))}
        </tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
