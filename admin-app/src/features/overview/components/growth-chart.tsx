import { LineChart } from '@mantine/charts';
import { Center, Text, VisuallyHidden } from '@mantine/core';
import type { StatsResponse } from '@prometrica/shared-api';
import { growthRange, growthSeries } from '../utils/chart-data';
import { ChartCard } from './chart-card';

/**
 * `Growth Analytics`: participants and questions added per month, for the months of the year that
 * have begun (a month still to come is not drawn as a fall to zero); the line under the heading
 * says which months.
 */
export function GrowthChart({ year, monthly }: { year: number; monthly: StatsResponse['monthly'] }) {
  const series = growthSeries(monthly);
  const range = growthRange(year, monthly);
  return (
    <ChartCard
      id="growth-title"
      title="Growth Analytics"
      subtitle={range ? `Participants and questions added per month, ${range}` : `No months of ${year} have begun yet`}
    >
      {series.length === 0 ? (
        <Center h={200}>
          <Text c="dimmed">No growth data available</Text>
        </Center>
      ) : (
        <>
          {/* The chart is drawn for the eye (inert: hidden from screen readers, not focusable); the table below says the same. */}
          <div inert>
            <LineChart
              h={280}
              data={series}
              dataKey="month"
              series={[
                { name: 'Participants', color: 'grape.6' },
                { name: 'Questions', color: 'blue.6' },
              ]}
              curveType="monotone"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
            />
          </div>
          <VisuallyHidden>
            <table>
              <caption>Participants and questions added per month, {range}</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Participants</th>
                  <th scope="col">Questions</th>
                </tr>
              </thead>
              <tbody>
                {series.map((row) => (
                  <tr key={row.month}>
                    <th scope="row">{row.month}</th>
                    <td>{row.Participants}</td>
                    <td>{row.Questions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </ChartCard>
  );
}
