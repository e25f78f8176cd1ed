import { useId, type ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import classes from './insights.module.css';

/** One part of the section: a panel named by its heading, with a line under it. */
export function Panel({
  title,
  subtitle,
  level = 2,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" className={classes.panel} component="section" aria-labelledby={id}>
      <Title order={level} size={level === 2 ? 'h4' : 'h5'} id={id}>
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" c="dimmed" mb="sm">
          {subtitle}
        </Text>
      )}
      {children}
    </Paper>
  );
}
