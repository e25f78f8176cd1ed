import type { ReactNode } from 'react';
import { LoadingOverlay, Paper, Table, Text } from '@mantine/core';
import { DeleteDialog, type DeleteFlow } from '../confirm-dialog';
import { EmptyState, type EmptyStateProps } from '../empty-state';
import { LoadError } from '../load-error';
import { PaginationFooter, type PaginationFooterProps } from '../pagination-footer';
import { RowActions, type RowAction, type RowActionsProps } from '../row-actions';

/** A list as the panel shows it (`useSearchableList`'s `panel`, or `serverListPanel`). */
export interface ListView {
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Rows to show; none, once loaded, shows the empty state instead of the list. */
  count: number;
  /** A search (or a filter) narrowed the list. */
  searching: boolean;
  /** The pages below the panel (without their `itemLabel`). */
  footer: Omit<PaginationFooterProps, 'itemLabel'>;
}

export interface ListPanelProps {
  /**
   * What the items are called, e.g. `users`: the loader's label (`Loading users`), a failed load's
   * heading (`Users could not be loaded`) and the footer's `of 120 users`.
   */
  itemLabel: string;
  list: ListView;
  /** The empty state; its hint is `searchHint` when a search narrowed the list. */
  empty: EmptyStateProps;
  searchHint?: string;
  /** The list's delete flow (`useConfirmedDelete`), whose confirmation the panel shows. */
  deleting?: DeleteFlow;
  /** The list itself: a `ListTable`, or cards. */
  children: ReactNode;
}

/** What every admin list shows around its rows: a failed load, the bordered panel with its loader or empty state, the pages and the delete confirmation. */
export function ListPanel({
  itemLabel,
  list,
  empty,
  searchHint = 'Try searching with different keywords',
  deleting,
  children,
}: ListPanelProps) {
  const errorTitle = `${itemLabel.charAt(0).toUpperCase()}${itemLabel.slice(1)} could not be loaded`;
  return (
    <>
      {list.error && <LoadError title={errorTitle} message={list.error} onRetry={list.reload} />}

      <Paper withBorder radius="md" pos="relative" p={0}>
        <LoadingOverlay visible={list.loading} loaderProps={{ 'aria-label': `Loading ${itemLabel}` }} />
        {!list.loading && !list.error && list.count === 0 ? (
          <EmptyState {...empty} hint={list.searching ? searchHint : empty.hint} />
        ) : (
          children
        )}
      </Paper>

      <PaginationFooter {...list.footer} itemLabel={itemLabel} />
      {deleting && <DeleteDialog flow={deleting} />}
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

/** A row's name, in bold. */
export function NameCell({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Table.Td className={className}>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Table.Td>
  );
}

/** A row action as a cell takes it: what it does, and why it is unavailable if it is. */
type CellAction = (() => void) | Omit<RowAction, 'label'>;

const verbs = { view: 'View', edit: 'Edit', remove: 'Delete' } as const;

/**
 * A row's last cell: its view, edit and delete buttons. Each button is named by its verb and the
 * row's `subject` (`Edit user Jane Doe` for the subject `user Jane Doe`).
 */
export function ActionsCell({
  className,
  subject,
  ...actions
}: { [K in keyof RowActionsProps]?: CellAction } & { className?: string; subject: string }) {
  const named: RowActionsProps = {};
  for (const key of Object.keys(verbs) as (keyof typeof verbs)[]) {
    const action = actions[key];
    if (!action) continue;
    const label = `${verbs[key]} ${subject}`;
    named[key] = typeof action === 'function' ? { label, onClick: action } : { label, ...action };
  }
  return (
    <Table.Td className={className}>
      <RowActions {...named} />
    </Table.Td>
  );
}
