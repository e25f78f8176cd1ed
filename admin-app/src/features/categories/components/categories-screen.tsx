import { useState } from 'react';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { Badge, Button, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { categoriesApi, type Category } from '@prometrica/shared-api';
import { DeleteDialog, ListPanel, ListTable, PageHeader, PlusIcon, RowActions, SearchInput, StatCard } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useCategories } from '../hooks/use-categories';
import { CategoryFormModal } from './category-form-modal';

/** `/dashboard/categories`: the categories questions belong to. */
export function CategoriesScreen() {
  const list = useCategories();
  const [form, setForm] = useState<{ opened: boolean; category: Category | null }>({ opened: false, category: null });

  const remove = useConfirmedDelete((item: Category) => categoriesApi.deleteCategory(item._id), { deleted: 'Category deleted', failed: 'The category was not deleted' }, list.reload);

  const closeForm = () => setForm((f) => ({ ...f, opened: false }));

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

      <ListPanel
        itemLabel="categories"
        list={list}
        errorTitle="Categories could not be loaded"
        count={list.filtered.length}
        empty={{
          title: 'No Categories Found',
          hint: list.search.trim() ? 'Try searching with different keywords' : 'Add a category to group your questions',
        }}
        footer={list.footer}
      >
        <ListTable minWidth={520} columns={['Name', 'Questions', 'Created', 'Actions']}>
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
                  remove={{ label: `Delete category ${category.name}`, onClick: () => remove.setDeleting(category) }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListPanel>

      <CategoryFormModal
        opened={form.opened}
        category={form.category}
        onClose={closeForm}
        onSaved={() => {
          closeForm();
          list.reload();
        }}
      />
      <DeleteDialog noun="category" flow={remove} />
    </Stack>
  );
}
