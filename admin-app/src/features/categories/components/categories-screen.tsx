import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useItemModal } from '../../../lib/use-item-modal';
import { Badge, SimpleGrid, Stack, Table } from '@mantine/core';
import { categoriesApi, type Category } from '@prometrica/shared-api';
import {
  ActionsCell,
  AddButton,
  ListPanel,
  ListTable,
  NameCell,
  PageHeader,
  SearchInput,
  StatCard,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useCategories } from '../hooks/use-categories';
import { CategoryFormModal } from './category-form-modal';

/** `/dashboard/categories`: the categories questions belong to. */
export function CategoriesScreen() {
  const list = useCategories();
  const form = useItemModal<Category>(list.reload);

  const remove = useConfirmedDelete(
    (item: Category) => categoriesApi.deleteCategory(item._id),
    'category',
    list.reload,
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Categories"
        description="Group questions by what they measure."
        actions={<AddButton label="Add Category" onClick={() => form.open(null)} />}
      />

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <StatCard label="Total Categories" value={list.categories.length} description="Available for questions" />
      </SimpleGrid>

      <SearchInput label="Search categories" value={list.search} onChange={list.setSearch} />

      <ListPanel
        itemLabel="categories"
        list={list.panel}
        empty={{ title: 'No Categories Found', hint: 'Add a category to group your questions' }}
        deleting={remove}
      >
        <ListTable minWidth={520} columns={['Name', 'Questions', 'Created', 'Actions']}>
          {list.pageItems.map((category) => (
            <Table.Tr key={category._id}>
              <NameCell>{category.name}</NameCell>
              <Table.Td>
                <Badge variant="light" color={category.questionCount > 0 ? 'blue' : 'gray'}>
                  {category.questionCount} {category.questionCount === 1 ? 'question' : 'questions'}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(category.createdAt)}</Table.Td>
              <ActionsCell
                edit={{ label: `Edit category ${category.name}`, onClick: () => form.open(category) }}
                remove={{ label: `Delete category ${category.name}`, onClick: () => remove.setDeleting(category) }}
              />
            </Table.Tr>
          ))}
        </ListTable>
      </ListPanel>

      <CategoryFormModal opened={form.opened} category={form.item} onClose={form.close} onSaved={form.saved} />
    </Stack>
  );
}
