import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@prometrica/shared-api/testing';
import { SegmentedChoice } from './segmented-choice';

const filters = [
  { label: 'All', value: 'all' },
  { label: 'True', value: 'true' },
  { label: 'False', value: 'false' },
] as const;

function Filter({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<(typeof filters)[number]['value']>('all');
  return (
    <>
      <span id="filter-label">Passed</span>
      <SegmentedChoice
        aria-labelledby="filter-label"
        data={filters}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

test('the choices are one named radio group, with the chosen one checked and marked', () => {
  renderWithProviders(<Filter onChange={() => {}} />);
  const group = screen.getByRole('radiogroup', { name: 'Passed' });
  expect(group).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'True' })).not.toBeChecked();
  expect(screen.getByText('All')).toHaveAttribute('data-active');
  expect(screen.getByText('True')).not.toHaveAttribute('data-active');
});

test('a click or the arrow keys choose another item', async () => {
  const chosen: string[] = [];
  renderWithProviders(<Filter onChange={(value) => chosen.push(value)} />);
  await userEvent.click(screen.getByText('False'));
  expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
  expect(screen.getByText('False')).toHaveAttribute('data-active');
  await userEvent.keyboard('{ArrowLeft}');
  expect(screen.getByRole('radio', { name: 'True' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'True' })).toHaveFocus();
  expect(chosen).toEqual(['false', 'true']);
});
