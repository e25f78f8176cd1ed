import { LineChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import type { StatsResponse } from '@prometrica/shared-api';
import { growthSeries } from '../utils/chart-data';
import { ChartCard } from './chart-card';

/** `Growth Analytics`: users and questions created per month, January to December. */
export function GrowthChart({ monthly }: { monthly: StatsResponse['monthly'] }) {
  return (
    <ChartCard id="growth-title" title="Growth Analytics" subtitle="Users and Questions over time">
      {/* The chart is drawn for the eye (inert: hidden from screen readers, not focusable); the table below says the same. */}
      <div inert>
        <LineChart
          h={280}
          data={growthSeries(monthly)}
          dataKey="month"
          series={[
            { name: 'Users', color: 'teal.7' },
            { name: 'Questions', color: 'blue.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>Users and questions created per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Users</th>
              <th scope="col">Questions</th>
            </tr>
          </thead>
          <tbody>
            {growthSeries(monthly).map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.month}</th>
                <td>{row.Users}</td>
                <td>{row.Questions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </ChartCard>
  );
}
