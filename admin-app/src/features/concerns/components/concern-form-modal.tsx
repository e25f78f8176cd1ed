import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { concernsApi, limits, type Concern } from '@prometrica/shared-api';
import { PlusIcon, TrashIcon } from '../../../components';
import { messageOf, notifyError, notifySuccess } from '../../../lib/notify';
import {
  MAX_RATING_OPTIONS,
  concernStatuses,
  filledOptions,
  toConcernStatus,
  validateConcern,
  type ConcernFormErrors,
  type ConcernFormMode,
  type ConcernFormValues,
} from '../utils/concern-form';

export interface ConcernFormModalProps {
  /** Open when true. */
  opened: boolean;
  /** `add` for a new concern, `edit` for `concern`. */
  mode: ConcernFormMode;
  /** The concern being edited (edit only). */
  concern: Concern | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

/** `Add Complaint` (title, description, optional rating options) or `Edit Complaint` (plus status). */
export function ConcernFormModal({ opened, mode, concern, onClose, onSaved }: ConcernFormModalProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      title={mode === 'add' ? 'Add Complaint' : 'Edit Complaint'}
      size="lg"
      closeOnClickOutside={!saving}
    >
      {opened && (
        <ConcernForm
          key={concern?._id ?? 'new'}
          mode={mode}
          concern={concern}
          saving={saving}
          setSaving={setSaving}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

interface ConcernFormProps {
  mode: ConcernFormMode;
  concern: Concern | null;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
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

function ConcernForm({ mode, concern, saving, setSaving, onCancel, onSaved }: ConcernFormProps) {
  const [values, setValues] = useState<ConcernFormValues>(() => initialValues(concern));
  const [errors, setErrors] = useState<ConcernFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function set<K extends 'title' | 'description' | 'status'>(field: K, value: ConcernFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function setOptions(update: (options: string[]) => string[]) {
    setValues((v) => ({ ...v, ratingOptions: update(v.ratingOptions) }));
    setErrors((e) => ({ ...e, ratingOptions: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateConcern(values, mode, concern?._id);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    const body = { title: values.title.trim(), description: values.description.trim(), botherOptions: filledOptions(values.ratingOptions) };
    try {
      const res =
        mode === 'edit' && concern
          ? await concernsApi.editConcern(concern._id, { ...body, status: values.status })
          : await concernsApi.createConcerns([body]);
      setSaving(false);
      notifySuccess(res.message, mode === 'add' ? 'Complaint added' : 'Complaint updated');
      onSaved();
    } catch (error) {
      setSaving(false);
      setFailure(messageOf(error));
      notifyError(error, mode === 'add' ? 'The complaint was not added' : 'The complaint was not updated');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add complaint' : 'Edit complaint'}>
      <Stack gap="sm">
        {(failure || errors.id) && (
          <Alert color="red" title="Not saved" role="alert">
            {failure ?? errors.id}
          </Alert>
        )}
        <TextInput
          label="Title"
          withAsterisk
          maxLength={limits.title}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          disabled={saving}
        />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          maxLength={limits.description}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          disabled={saving}
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
            <Button
              variant="light"
              leftSection={<PlusIcon size={16} />}
              w="fit-content"
              onClick={() => setOptions((options) => [...options, ''])}
              disabled={saving}
            >
              Add Option
            </Button>
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
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {mode === 'add' ? (saving ? 'Adding...' : 'Add Complaint') : saving ? 'Updating...' : 'Update Complaint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
