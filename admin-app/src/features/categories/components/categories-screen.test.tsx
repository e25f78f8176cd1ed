import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aCategory, signInAs } from '../../../testing/fixtures';
import { openDialog } from '../../../testing/dialogs';
import { cardsOf, columnOf, expectNoMatches, expectShortColumns, onSmallScreen } from '../../../testing/lists';
import { CategoriesScreen } from './categories-screen';

beforeEach(() => signInAs('admin'));

/** `count` categories, the higher the number the newer. */
function categories(count: number): Category[] {
  return Array.from({ length: count }, (_, i) =>
    aCategory({
      _id: `c${i + 1}`,
      name: `Category ${i + 1}`,
      questionCount: i,
      createdAt: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
    }),
  );
}

const names = columnOf(0);

test('lists categories newest first, ten per page, with their question counts', async () => {
  mockApi({ 'GET category': { body: { categories: categories(12) } } });
  renderWithProviders(<CategoriesScreen />);
  await screen.findByText('Category 12');
  expect(within(screen.getByRole('group', { name: 'Total Categories' })).getByText('12')).toBeInTheDocument();
  expect(names()).toHaveLength(10);
  expect(names()[0]).toBe('Category 12');
  expect(screen.getByText('11 questions')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(names()).toEqual(['Category 2', 'Category 1']);
});

test('search filters on the name', async () => {
  mockApi({
    'GET category': {
      body: { categories: [aCategory({ name: 'Leadership' }), aCategory({ _id: 'c2', name: 'Wellbeing' })] },
    },
  });
  renderWithProviders(<CategoriesScreen />);
  await screen.findByText('Leadership');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search categories' }), 'WELL');
  expect(names()).toEqual(['Wellbeing']);
  await expectNoMatches('Search categories', 'ness', 'No Categories Found');
});

test('no categories shows the empty state', async () => {
  mockApi({ 'GET category': { body: { categories: [] } } });
  renderWithProviders(<CategoriesScreen />);
  expect(await screen.findByText('No Categories Found')).toBeInTheDocument();
});

test('Create stays disabled until a name is typed, then adds the category', async () => {
  const { calls } = mockApi({
    'GET category': { body: { categories: [] } },
    'POST category': {
      status: 201,
      body: { message: 'Category created successfully', category: aCategory({ name: 'Resilience' }) },
    },
  });
  renderWithProviders(<CategoriesScreen />);
  await screen.findByText('No Categories Found');
  await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  const create = within(dialog).getByRole('button', { name: 'Create' });
  expect(create).toBeDisabled();
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Category name/ }), '   ');
  expect(create).toBeDisabled();
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Category name/ }), 'Resilience ');
  expect(create).toBeEnabled();
  await userEvent.click(create);
  expect(await screen.findByText('Category created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Resilience' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Category' })).not.toBeInTheDocument());
  expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
});

test("a duplicate name keeps the modal open with the server's message, told once in the modal", async () => {
  mockApi({
    'GET category': { body: { categories: [aCategory({ name: 'Leadership' })] } },
    'POST category': { status: 409, body: { message: 'A category with this name already exists' } },
  });
  renderWithProviders(<CategoriesScreen />);
  await screen.findByText('Leadership');
  await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Category name/ }), 'leadership');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await within(dialog).findByText('A category with this name already exists')).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: /^Category name/ })).toHaveValue('leadership');
  // No notice repeats it (over the modal's close button).
  expect(screen.getAllByText('A category with this name already exists')).toHaveLength(1);
  expect(screen.queryByText('The category was not created')).not.toBeInTheDocument();
});

test('editing renames the category with Update', async () => {
  const { calls } = mockApi({
    'GET category': { body: { categories: [aCategory({ name: 'Leadrship' })] } },
    'PUT category/c1': {
      body: { message: 'Category updated successfully', category: aCategory({ name: 'Leadership' }) },
    },
  });
  renderWithProviders(<CategoriesScreen />);
  const dialog = await openDialog('Edit category Leadrship', 'Edit Category');
  const name = within(dialog).getByRole('textbox', { name: /^Category name/ });
  expect(name).toHaveValue('Leadrship');
  await userEvent.clear(name);
  expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
  await userEvent.type(name, 'Leadership');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Leadership' });
});

test("deleting asks first; a category that still has questions shows the server's refusal", async () => {
  mockApi({
    'GET category': { body: { categories: [aCategory({ name: 'Leadership', questionCount: 3 })] } },
    'DELETE category/c1': {
      status: 409,
      body: { message: 'This category still has 3 questions; move or delete them first' },
    },
  });
  renderWithProviders(<CategoriesScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete category Leadership' }));
  expect(screen.getByText('Are you sure you want to delete this category?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('This category still has 3 questions; move or delete them first')).toBeInTheDocument();
  expect(screen.getByText('Leadership')).toBeInTheDocument();
});

test('deleting the only category on the last page moves back a page', async () => {
  let list = categories(11);
  mockApi({
    'GET category': () => ({ body: { categories: list } }),
    'DELETE category/c1': () => {
      list = list.filter((c) => c._id !== 'c1');
      return { body: { message: 'Category deleted successfully', category: aCategory() } };
    },
  });
  renderWithProviders(<CategoriesScreen />);
  await screen.findByText('Category 11');
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(names()).toEqual(['Category 1']);
  await userEvent.click(screen.getByRole('button', { name: 'Delete category Category 1' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Category deleted successfully')).toBeInTheDocument();
  await waitFor(() => expect(names()).toHaveLength(10));
  expect(names()[0]).toBe('Category 11');
});

test('at desktop width the question count, date and buttons stay on one line', async () => {
  mockApi({ 'GET category': { body: { categories: [aCategory({ name: 'Leadership' })] } } });
  renderWithProviders(<CategoriesScreen />);
  await screen.findByText('Leadership');
  expectShortColumns(['Questions', 'Created', 'Actions']);
});

test('on a phone the categories are cards with their count and both buttons', async () => {
  await onSmallScreen(async () => {
    mockApi({ 'GET category': { body: { categories: [aCategory({ name: 'Leadership', questionCount: 3 })] } } });
    renderWithProviders(<CategoriesScreen />);
    await screen.findByText('Leadership');
    const [card] = cardsOf('Categories');
    expect(within(card!).getByText('3 questions')).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Edit category Leadership' })).toBeEnabled();
    expect(within(card!).getByRole('button', { name: 'Delete category Leadership' })).toBeEnabled();
  });
});
