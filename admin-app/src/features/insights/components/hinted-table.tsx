import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { Hint } from './hint';
import classes from './insights.module.css';

export interface HintedColumn {
  label: string;
  /** Its definition, in the heading's tooltip; none for a column that needs no explaining. */
  definition?: string;
  /** A figure: right-aligned, on one line. */
  figure?: boolean;
  /** Read by screen readers only (a column of buttons needs no visible heading). */
  hidden?: boolean;
}

/** A table whose headings carry their definitions, scrolling sideways below `minWidth`. */
export function HintedTable({
  columns,
  minWidth,
  caption,
  children,
}: {
  columns: readonly HintedColumn[];
  minWidth: number;
  /** The table's name for screen readers. */
  caption: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table className={classes.table} verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} data-figure={column.figure || undefined}>
                {column.hidden ? (
                  <span className={classes.srOnly}>{column.label}</span>
                ) : column.definition ? (
                  <Hint label={column.label} definition={column.definition} />
                ) : (
                  column.label
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
