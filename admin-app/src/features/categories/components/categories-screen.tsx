import { useRowActions } from '../../../lib/use-row-actions';
import { Badge, Table } from '@mantine/core';
import { categoriesApi, type Category } from '@prometrica/shared-api';
import { ActionsCell, ListCard, ListCards, ListScreen, NameCell, ShortCell } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useCategories } from '../hooks/use-categories';
import { CategoryFormModal } from './category-form-modal';
import { categoriesHeader } from '../header';

function QuestionCount({ category }: { category: Category }) {
  return (
    <Badge variant="light" color={category.questionCount > 0 ? 'blue' : 'gray'}>
      {category.questionCount} {category.questionCount === 1 ? 'question' : 'questions'}
    </Badge>
  );
}

/** `/dashboard/categories`: the categories questions belong to. */
export function CategoriesScreen() {
  const list = useCategories();
  const rows = useRowActions(list.reload, (item: Category) => categoriesApi.deleteCategory(item._id), 'category');
  const form = rows.editing;

  return (
    <ListScreen
      list={list}
      rows={rows}
      header={{
        ...categoriesHeader,
        add: { label: 'Add Category', onClick: () => form.open(null) },
      }}
      statColumns={{ base: 2, md: 3 }}
      stats={[{ label: 'Total Categories', value: list.categories.length, description: 'Available for questions' }]}
      search="Search categories"
      panel={{
        itemLabel: 'categories',
        empty: { title: 'No Categories Found', hint: 'Add a category to group your questions' },
      }}
      table={{
        minWidth: 520,
        columns: ['Name', 'Questions', 'Created', 'Actions'],
        short: ['Questions', 'Created', 'Actions'],
      }}
      cards={
        <ListCards label="Categories">
          {list.pageItems.map((category) => (
            <ListCard
              key={category._id}
              title={category.name}
              badge={<QuestionCount category={category} />}
              fields={[{ label: 'Created', value: formatDate(category.createdAt) }]}
              actions={{
                subject: `category ${category.name}`,
                edit: rows.actions(category).edit,
                remove: rows.actions(category).remove,
              }}
            />
          ))}
        </ListCards>
      }
      modals={<CategoryFormModal opened={form.opened} category={form.item} onClose={form.close} onSaved={form.saved} />}
    >
      {list.pageItems.map((category) => (
        <Table.Tr key={category._id}>
          <NameCell>{category.name}</NameCell>
          <ShortCell>
            <QuestionCount category={category} />
          </ShortCell>
          <ShortCell>{formatDate(category.createdAt)}</ShortCell>
          <ActionsCell
            subject={`category ${category.name}`}
            edit={rows.actions(category).edit}
            remove={rows.actions(category).remove}
          />
        </Table.Tr>
      ))}
    </ListScreen>
  );
}
