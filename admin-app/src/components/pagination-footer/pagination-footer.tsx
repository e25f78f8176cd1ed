import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import classes from './pagination-footer.module.css';

export interface PaginationFooterProps {
  /** Current page, from 1. */
  page: number;
  /** Number of pages (at least 1). */
  totalPages: number;
  /** Number of items across all pages. */
  total: number;
  /** Items per page. */
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Sizes to choose from; without them no selector is shown. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** What the items are called, e.g. `questions`. */
  itemLabel: string;
}

/** "Showing 26–50 of 120 questions", the page-size selector and the page buttons (with ellipses); nothing for an empty list. */
export function PaginationFooter({
  page,
  totalPages,
  total,
  pageSize,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  itemLabel,
}: PaginationFooterProps) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" className={classes.root} mt="md">
      <Group gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {first}–{last} of {total} {itemLabel}
        </Text>
        {pageSizes && onPageSizeChange && (
          <NativeSelect
            size="xs"
            aria-label="Rows per page"
            value={String(pageSize)}
            data={pageSizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          />
        )}
      </Group>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onPageChange}
          siblings={1}
          boundaries={1}
          size="sm"
          aria-label={`Pages of ${itemLabel}`}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}`, 'aria-current': n === page ? 'page' : undefined })}
          getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
        />
      )}
    </Group>
  );
}
