import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import type { HistogramBucket } from '@prometrica/shared-api';
import { bucketLabel } from '../utils/format';

/**
 * Participants per ten-point band of a score, as bars. The chart is drawn for the eye (inert:
 * hidden from screen readers, not focusable); the table under it says the same.
 */
export function ScoreHistogram({
  histogram,
  caption,
  height,
}: {
  histogram: readonly HistogramBucket[];
  /** What the bars count, for the table read by screen readers. */
  caption: string;
  height: number;
}) {
  const data = histogram.map((bucket) => ({ band: bucketLabel(bucket), Participants: bucket.count }));
  return (
    <>
      <div inert>
        <BarChart
          h={height}
          data={data}
          dataKey="band"
          series={[{ name: 'Participants', color: 'blue.6' }]}
          tickLine="y"
          gridAxis="y"
          withTooltip={false}
          xAxisProps={{ interval: 'preserveStartEnd', fontSize: 11 }}
          yAxisProps={{ allowDecimals: false, width: 32 }}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              <th scope="col">Participants</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.band}>
                <th scope="row">{row.band}</th>
                <td>{row.Participants}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
