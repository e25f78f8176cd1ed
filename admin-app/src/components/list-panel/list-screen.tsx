import type { ComponentProps, ReactNode } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useMatchesMedia } from '../../lib/use-media-query';
import type { DeleteFlow } from '../confirm-dialog';
import { AddButton, PageHeader } from '../page-header';
import { SearchInput } from '../search-input';
import { StatCard, type StatCardProps } from '../stat-card';
import { ListPanel, ListTable, type ListPanelProps, type ListTableProps, type ListView } from './list-panel';

export interface ListScreenProps {
  /** The list: its search and what its panel shows (`useSearchableList`, or `serverListPanel`'s). */
  list: { search: string; setSearch: (value: string) => void; panel: ListView };
  /** The rows' buttons (`useRowActions`), whose delete confirmation the panel shows. */
  rows: { deleting: DeleteFlow };
  /** The screen's heading, its line and its `Add ...` button; a tab inside a screen has none. */
  header?: { title: string; description: string; add: ComponentProps<typeof AddButton> };
  /** The figures above the list, and how many of them stand in a row. */
  stats: StatCardProps[];
  statColumns: ComponentProps<typeof SimpleGrid>['cols'];
  /** The search box's name, and its placeholder when that is not the name followed by `...`. */
  search: string;
  searchPlaceholder?: string;
  panel: Pick<ListPanelProps, 'itemLabel' | 'empty'>;
  table: Omit<ListTableProps, 'children'>;
  /** The table's rows. */
  children: ReactNode;
  /** The same rows as cards (`ListCards`), shown instead of the table on a phone. */
  cards: ReactNode;
  /** The modals the rows' buttons open. */
  modals: ReactNode;
}

/**
 * A searchable admin list: heading, figures and search box, then the list in its panel (a table,
 * or cards on a phone, where a table would scroll sideways), and the modals its rows open.
 */
export function ListScreen({
  list,
  rows,
  header,
  stats,
  statColumns,
  search,
  searchPlaceholder,
  panel,
  table,
  children,
  cards,
  modals,
}: ListScreenProps) {
  const small = useMatchesMedia('(max-width: 48em)');
  return (
    <Stack gap={header ? 'lg' : 'md'}>
      {header && (
        <PageHeader title={header.title} description={header.description} actions={<AddButton {...header.add} />} />
      )}
      <SimpleGrid cols={statColumns}>
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </SimpleGrid>
      <SearchInput label={search} placeholder={searchPlaceholder} value={list.search} onChange={list.setSearch} />
      <ListPanel {...panel} list={list.panel} deleting={rows.deleting}>
        {small ? cards : <ListTable {...table}>{children}</ListTable>}
      </ListPanel>
      {modals}
    </Stack>
  );
}
