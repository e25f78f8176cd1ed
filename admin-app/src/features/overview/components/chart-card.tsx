import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import classes from './overview.module.css';

/** One of the overview's chart panels: a section named by its heading, with a line under it. */
export function ChartCard({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" className={classes.chartCard} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {subtitle}
      </Text>
      {children}
    </Paper>
  );
}
