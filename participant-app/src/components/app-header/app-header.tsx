import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import classes from './app-header.module.css';

/** The participant screens' header: the product logo, and any actions on the right. */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className={classes.header}>
      <Group justify="space-between" wrap="nowrap" className={classes.inner}>
        <Logo />
        {children}
      </Group>
    </header>
  );
}
