import { useState } from 'react';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { Badge, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { categoriesApi, type Category } from '@prometrica/shared-api';
import {
  ConfirmDialog,
  EmptyState,
  LoadError,
  PageHeader,
  PaginationFooter,
  PlusIcon,
  RowActions,
  SearchInput,
  StatCard,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useCategories } from '../hooks/use-categories';
import { CategoryFormModal } from './category-form-modal';

/** `/dashboard/categories`: the categories questions belong to. */
export function CategoriesScreen() {
  const list = useCategories();
  const [form, setForm] = useState<{ opened: boolean; category: Category | null }>({ opened: false, category: null });

  const { deleting, setDeleting, busy, confirmDelete } = useConfirmedDelete((item: Category) => categoriesApi.deleteCategory(item._id), { deleted: 'Category deleted', failed: 'The category was not deleted' }, list.reload);

  const closeForm = () => setForm((f) => ({ ...f, opened: false }));
  const showEmpty = !list.loading && !list.error && list.filtered.length === 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Categories"
        description="Group questions by what they measure."
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setForm({ opened: true, category: null })}>
            Add Category
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <StatCard label="Total Categories" value={list.categories.length} description="Available for questions" />
      </SimpleGrid>

      <SearchInput label="Search categories" value={list.search} onChange={list.setSearch} />

      {list.error && <LoadError title="Categories could not be loaded" message={list.error} onRetry={list.reload} />}

      <Paper withBorder radius="md" pos="relative" p={0}>
        <LoadingOverlay visible={list.loading} loaderProps={{ 'aria-label': 'Loading categories' }} />
        {showEmpty ? (
          <EmptyState
            title="No Categories Found"
            hint={list.search.trim() ? 'Try searching with different keywords' : 'Add a category to group your questions'}
          />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Questions</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.pageItems.map((category) => (
                  <Table.Tr key={category._id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {category.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={category.questionCount > 0 ? 'blue' : 'gray'}>
                        {category.questionCount} {category.questionCount === 1 ? 'question' : 'questions'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(category.createdAt)}</Table.Td>
                    <Table.Td>
                      <RowActions
                        edit={{ label: `Edit category ${category.name}`, onClick: () => setForm({ opened: true, category }) }}
                        remove={{ label: `Delete category ${category.name}`, onClick: () => setDeleting(category) }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <PaginationFooter {...list.footer} itemLabel="categories" />

      <CategoryFormModal
        opened={form.opened}
        category={form.category}
        onClose={closeForm}
        onSaved={() => {
          closeForm();
          list.reload();
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete category"
        message="Are you sure you want to delete this category?"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
