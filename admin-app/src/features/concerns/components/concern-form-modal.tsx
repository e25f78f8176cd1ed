import { ActionIcon, Group, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { concernsApi, limits, type Concern } from '@prometrica/shared-api';
import {
  AddOptionButton,
  FormModal,
  FormModalActions,
  SaveFailure,
  TrashIcon,
  type FormModalState,
} from '../../../components';
import { useFormFields } from '../../../lib/use-form-fields';
import { useSave } from '../../../lib/use-save';
import {
  MAX_RATING_OPTIONS,
  concernStatuses,
  filledOptions,
  toConcernStatus,
  validateConcern,
  type ConcernFormMode,
  type ConcernFormValues,
} from '../utils/concern-form';

export interface ConcernFormModalProps {
  /** Open when true. */
  opened: boolean;
  /** The concern being edited; null adds one. */
  concern: Concern | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

/** `Add Complaint` (title, description, optional rating options) or `Edit Complaint` (plus status). */
export function ConcernFormModal({ opened, concern, onClose, onSaved }: ConcernFormModalProps) {
  const mode: ConcernFormMode = concern ? 'edit' : 'add';
  return (
    <FormModal
      item={opened ? { concern } : null}
      keyOf={(open) => open.concern?._id ?? 'new'}
      title={mode === 'add' ? 'Add Complaint' : 'Edit Complaint'}
      size="lg"
      onClose={onClose}
      onSaved={onSaved}
    >
      {(open, modal) => <ConcernForm mode={mode} concern={open.concern} modal={modal} />}
    </FormModal>
  );
}

interface ConcernFormProps {
  mode: ConcernFormMode;
  concern: Concern | null;
  modal: FormModalState;
}

function initialValues(concern: Concern | null): ConcernFormValues {
  if (!concern) return { title: '', description: '', ratingOptions: [''], status: 'pending' };
  return {
    title: concern.title,
    description: concern.description,
    ratingOptions: concern.botherOptions.length > 0 ? [...concern.botherOptions] : [''],
    status: toConcernStatus(concern.status),
  };
}

function ConcernForm({ mode, concern, modal }: ConcernFormProps) {
  const { saving } = modal;
  const { values, errors, set, check, field } = useFormFields(initialValues(concern), (values: ConcernFormValues) =>
    validateConcern(values, mode, concern?._id),
  );
  const adding = mode === 'add';
  const { failure, submit } = useSave(
    adding ? { saved: 'Complaint added' } : { saved: 'Complaint updated' },
    modal.setSaving,
  );

  const setOptions = (update: (options: string[]) => string[]) => set('ratingOptions', update(values.ratingOptions));

  const body = {
    title: values.title.trim(),
    description: values.description.trim(),
    botherOptions: filledOptions(values.ratingOptions),
  };
  const send = () =>
    mode === 'edit' && concern
      ? concernsApi.editConcern(concern._id, { ...body, status: values.status })
      : concernsApi.createConcerns([body]);

  return (
    <form
      onSubmit={submit(check, send, modal.onSaved)}
      noValidate
      aria-label={adding ? 'Add complaint' : 'Edit complaint'}
    >
      <Stack gap="sm">
        <SaveFailure failure={failure ?? errors.id ?? null} />
        <TextInput label="Title" withAsterisk maxLength={limits.title} {...field('title', saving)} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          maxLength={limits.description}
          {...field('description', saving)}
        />
        <Stack gap="xs" role="group" aria-label="Bother options">
          <div>
            <Text size="sm" fw={500}>
              Bother options
            </Text>
            <Text size="xs" c="dimmed">
              Optional: the answers participants can pick for this concern.
            </Text>
          </div>
          {values.ratingOptions.map((option, index) => (
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                aria-label={`Bother option ${index + 1}`}
                placeholder={`Option ${index + 1}`}
                maxLength={limits.ratingOption}
                value={option}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setOptions((options) => options.map((o, i) => (i === index ? value : o)));
                }}
                disabled={saving}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove bother option ${index + 1}`}
                disabled={saving || values.ratingOptions.length <= 1}
                onClick={() => setOptions((options) => options.filter((_, i) => i !== index))}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
          ))}
          {errors.ratingOptions && (
            <Text size="sm" c="red" role="alert">
              {errors.ratingOptions}
            </Text>
          )}
          {values.ratingOptions.length < MAX_RATING_OPTIONS && (
            <AddOptionButton onClick={() => setOptions((options) => [...options, ''])} disabled={saving} />
          )}
        </Stack>
        {mode === 'edit' && (
          <NativeSelect
            label="Status"
            value={values.status}
            data={concernStatuses.map((s) => ({ value: s.value, label: s.label }))}
            onChange={(e) => set('status', toConcernStatus(e.currentTarget.value))}
            disabled={saving}
          />
        )}
        <FormModalActions
          modal={modal}
          label={adding ? 'Add Complaint' : 'Update Complaint'}
          busyLabel={adding ? 'Adding...' : 'Updating...'}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
