import type { ReactNode } from 'react';
import { LoadingOverlay, Paper, Table } from '@mantine/core';
import { EmptyState, type EmptyStateProps } from '../empty-state';
import { LoadError } from '../load-error';
import { PaginationFooter, type PaginationFooterProps } from '../pagination-footer';

export interface ListPanelProps {
  /** What the items are called, e.g. `users`: the loader's label (`Loading users`) and the footer's. */
  itemLabel: string;
  /** The list's load: its loader covers the panel, a failure is shown above it with a Retry. */
  list: { loading: boolean; error: string | null; reload: () => void };
  /** Heading of a failed load, e.g. `Users could not be loaded`. */
  errorTitle: string;
  /** How many items there are to show; none, once loaded, shows the empty state instead of the list. */
  count: number;
  empty: EmptyStateProps;
  /** The pages below the panel (without its `itemLabel`). */
  footer: Omit<PaginationFooterProps, 'itemLabel'>;
  /** The list itself: a `ListTable`, or cards. */
  children: ReactNode;
}

/** What every admin list shows around its rows: a failed load, the bordered panel with its loader or empty state, and the pages. */
export function ListPanel({ itemLabel, list, errorTitle, count, empty, footer, children }: ListPanelProps) {
  return (
    <>
      {list.error && <LoadError title={errorTitle} message={list.error} onRetry={list.reload} />}

      <Paper withBorder radius="md" pos="relative" p={0}>
        <LoadingOverlay visible={list.loading} loaderProps={{ 'aria-label': `Loading ${itemLabel}` }} />
        {!list.loading && !list.error && count === 0 ? <EmptyState {...empty} /> : children}
      </Paper>

      <PaginationFooter {...footer} itemLabel={itemLabel} />
    </>
  );
}

export interface ListTableProps {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The column headings. */
  columns: string[];
  /**
   * The rows are plain `tr` elements (a list whose first paint must be quick): the body is a plain
   * `tbody` and the table is neither striped nor highlighted on hover.
   */
  plainRows?: boolean;
  /** A table inside a details view: tighter rows, not highlighted on hover. */
  compact?: boolean;
  children: ReactNode;
}

/** A list's table: its headings, and the rows given. */
export function ListTable({ minWidth, columns, plainRows = false, compact = false, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped={!plainRows} highlightOnHover={!plainRows && !compact} verticalSpacing={compact ? 'xs' : 'sm'}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {plainRows ? <tbody>{children}</tbody> : <Table.Tbody>{children}</Table.Tbody>}
      </Table>
    </Table.ScrollContainer>
  );
}
