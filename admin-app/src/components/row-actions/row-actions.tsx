import { ActionIcon, Group } from '@mantine/core';
import { EditIcon, EyeIcon, TrashIcon } from '../icons';

export interface RowAction {
  /** The button's accessible name, e.g. `Edit user Jane Doe`. */
  label: string;
  onClick: () => void;
  /** Why the action is unavailable for this row; the button is disabled and says so. */
  blockedBecause?: string | undefined;
}

export interface RowActionsProps {
  view?: RowAction;
  edit?: RowAction;
  remove?: RowAction;
  /** Larger buttons for touch (cards). */
  size?: 'md' | 'lg';
}

const kinds = [
  { key: 'view', color: undefined, Icon: EyeIcon },
  { key: 'edit', color: 'blue', Icon: EditIcon },
  { key: 'remove', color: 'red', Icon: TrashIcon },
] as const;

/** The view, edit and delete buttons at the end of a table row (only those given). */
export function RowActions({ size = 'md', ...props }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {kinds.map(({ key, color, Icon }) => {
        const action = props[key];
        if (!action) return null;
        return (
          <ActionIcon
            key={key}
            variant="subtle"
            size={size}
            {...(color ? { color } : {})}
            aria-label={action.label}
            disabled={action.blockedBecause !== undefined}
            title={action.blockedBecause}
            onClick={action.onClick}
          >
            <Icon />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
