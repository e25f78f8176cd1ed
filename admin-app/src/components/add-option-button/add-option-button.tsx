import { Button } from '@mantine/core';
import { PlusIcon } from '../icons';

/** The `Add Option` button under a form's list of options (a question's answers, a concern's ratings). */
export function AddOptionButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="light" leftSection={<PlusIcon size={16} />} w="fit-content" onClick={onClick} disabled={disabled}>
      Add Option
    </Button>
  );
}
