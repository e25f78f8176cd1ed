import type { ResultListResponse } from '@prometrica/shared-api';
import { Link } from 'react-router-dom';
import { EyeIcon, ListTable, ReportIcon } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { reportPathOf } from '../report-path';
import { PassBadge } from './pass-badge';
import { ReportBadge } from './report-badge';
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
      <td className={classes.cell} data-nowrap>
        <PassBadge passed={totals.passed} />
      </td>
      <td className={classes.cell} data-nowrap>
        {formatDate(result.createdAt)}
      </td>
      <td className={classes.cell} data-nowrap>
        <ReportBadge report={result.report} />
      </td>
      <td className={classes.cell} data-nowrap>
        <button
          type="button"
          className={classes.view}
          aria-label={`View result of ${result.user.name}`}
          onClick={() => onView(result)}
        >
          <EyeIcon />
        </button>
        <Link to={reportPathOf(result._id)} className={classes.view} aria-label={`Open report of ${result.user.name}`}>
          <ReportIcon />
        </Link>
      </td>
    </tr>
  );
}

/** Results as a table (desktop). */
export function ResultTable({ results, onView }: { results: ListedResult[]; onView: (result: ListedResult) => void }) {
  return (
    <ListTable
      minWidth={960}
      columns={['Participant', 'Correct', 'Wrong', 'Total', 'Score', 'Status', 'Submitted', 'Report', 'Actions']}
      short={['Correct', 'Wrong', 'Total', 'Score', 'Status', 'Submitted', 'Report', 'Actions']}
      plainRows
    >
      {results.map((result) => (
        <ResultRow key={result._id} result={result} onView={onView} />
      ))}
    </ListTable>
  );
}
