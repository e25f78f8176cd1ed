import type { ReactNode } from 'react';
import { Card, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DeleteDialog, type DeleteFlow } from '../confirm-dialog';
import { EmptyState, type EmptyStateProps } from '../empty-state';
import { LoadError } from '../load-error';
import { PaginationFooter, type PaginationFooterProps } from '../pagination-footer';
import { RowActions, type RowAction, type RowActionsProps } from '../row-actions';
import classes from './list-panel.module.css';

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
  /** The column headings; those listed in `short` (dates, badges, counts, buttons) stay on one line. */
  columns: string[];
  short?: string[];
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
export function ListTable({
  minWidth,
  columns,
  short = [],
  plainRows = false,
  compact = false,
  children,
}: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        className={classes.table}
        striped={!plainRows}
        highlightOnHover={!plainRows && !compact}
        verticalSpacing={compact ? 'xs' : 'sm'}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} data-nowrap={short.includes(column) || undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {plainRows ? <tbody>{children}</tbody> : <Table.Tbody>{children}</Table.Tbody>}
      </Table>
    </Table.ScrollContainer>
  );
}

/** A short cell (a date, a badge, a count): on one line, never cut. */
export function ShortCell({ children }: { children: ReactNode }) {
  return <Table.Td data-nowrap>{children}</Table.Td>;
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
type SubjectActions = { [K in keyof RowActionsProps]?: CellAction } & { subject: string };

/** The buttons' names: each verb with the row's subject. */
function namedActions({ subject, ...actions }: SubjectActions): RowActionsProps {
  const named: RowActionsProps = {};
  for (const key of Object.keys(verbs) as (keyof typeof verbs)[]) {
    const action = actions[key];
    if (!action) continue;
    const label = `${verbs[key]} ${subject}`;
    named[key] = typeof action === 'function' ? { label, onClick: action } : { label, ...action };
  }
  return named;
}

export function ActionsCell({ className, ...actions }: SubjectActions & { className?: string }) {
  return (
    <Table.Td className={className} data-nowrap>
      <RowActions {...namedActions(actions)} />
    </Table.Td>
  );
}

/** A list as cards (a phone, where a table would scroll sideways): `ListCard`s, named by `label`. */
export function ListCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="sm" p="sm" component="ul" className={classes.cards} aria-label={label}>
      {children}
    </Stack>
  );
}

export interface ListCardProps {
  /** What the card is about, in bold, and a line under it (an email). */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Beside the title: a status or a role. */
  badge?: ReactNode;
  /** More of the row, under the title. */
  children?: ReactNode;
  /** The labelled figures of the row's other columns. */
  fields?: { label: string; value: ReactNode }[];
  /** The row's buttons, at the card's foot and large enough for a finger. */
  actions?: SubjectActions;
}

/** One row of a list as a card: its title and badge, its fields, and its buttons. */
export function ListCard({ title, subtitle, badge, children, fields = [], actions }: ListCardProps) {
  return (
    <Card withBorder radius="md" component="li" className={classes.card}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div className={classes.cardHead}>
          <Text fw={600} size="sm" component="div">
            {title}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" component="div">
              {subtitle}
            </Text>
          )}
        </div>
        {badge && <div className={classes.cardBadge}>{badge}</div>}
      </Group>
      {children}
      {fields.length > 0 && (
        <SimpleGrid cols={2} spacing="xs" mt="xs">
          {fields.map((field) => (
            <div key={field.label} role="group" aria-label={field.label}>
              <Text size="xs" c="dimmed">
                {field.label}
              </Text>
              <div className={classes.fieldValue}>{field.value}</div>
            </div>
          ))}
        </SimpleGrid>
      )}
      {actions && (
        <Group justify="flex-end" mt="xs">
          <RowActions {...namedActions(actions)} size="lg" />
        </Group>
      )}
    </Card>
  );
}
