import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { complaintsApi, limits, type Complaint } from '@prometrica/shared-api';
import { PlusIcon, TrashIcon } from '../../../components';
import { messageOf, notifyError, notifySuccess } from '../../../lib/notify';
import {
  MAX_BOTHER_OPTIONS,
  complaintStatuses,
  filledOptions,
  toComplaintStatus,
  validateComplaint,
  type ComplaintFormErrors,
  type ComplaintFormMode,
  type ComplaintFormValues,
} from '../utils/complaint-form';

export interface ComplaintFormModalProps {
  /** Open when true. */
  opened: boolean;
  /** `add` for a new complaint, `edit` for `complaint`. */
  mode: ComplaintFormMode;
  /** The complaint being edited (edit only). */
  complaint: Complaint | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

/** `Add Complaint` (title, description, optional bother options) or `Edit Complaint` (plus status). */
export function ComplaintFormModal({ opened, mode, complaint, onClose, onSaved }: ComplaintFormModalProps) {
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
        <ComplaintForm
          key={complaint?._id ?? 'new'}
          mode={mode}
          complaint={complaint}
          saving={saving}
          setSaving={setSaving}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

interface ComplaintFormProps {
  mode: ComplaintFormMode;
  complaint: Complaint | null;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function initialValues(complaint: Complaint | null): ComplaintFormValues {
  if (!complaint) return { title: '', description: '', botherOptions: [''], status: 'pending' };
  return {
    title: complaint.title,
    description: complaint.description,
    botherOptions: complaint.botherOptions.length > 0 ? [...complaint.botherOptions] : [''],
    status: toComplaintStatus(complaint.status),
  };
}

function ComplaintForm({ mode, complaint, saving, setSaving, onCancel, onSaved }: ComplaintFormProps) {
  const [values, setValues] = useState<ComplaintFormValues>(() => initialValues(complaint));
  const [errors, setErrors] = useState<ComplaintFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function set<K extends 'title' | 'description' | 'status'>(field: K, value: ComplaintFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function setOptions(update: (options: string[]) => string[]) {
    setValues((v) => ({ ...v, botherOptions: update(v.botherOptions) }));
    setErrors((e) => ({ ...e, botherOptions: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateComplaint(values, mode, complaint?._id);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    const body = { title: values.title.trim(), description: values.description.trim(), botherOptions: filledOptions(values.botherOptions) };
    try {
      const res =
        mode === 'edit' && complaint
          ? await complaintsApi.editComplaint(complaint._id, { ...body, status: values.status })
          : await complaintsApi.createComplaints([body]);
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
          {values.botherOptions.map((option, index) => (
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                aria-label={`Bother option ${index + 1}`}
                placeholder={`Option ${index + 1}`}
                maxLength={limits.botherOption}
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
                disabled={saving || values.botherOptions.length <= 1}
                onClick={() => setOptions((options) => options.filter((_, i) => i !== index))}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
          ))}
          {errors.botherOptions && (
            <Text size="sm" c="red" role="alert">
              {errors.botherOptions}
            </Text>
          )}
          {values.botherOptions.length < MAX_BOTHER_OPTIONS && (
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
            data={complaintStatuses.map((s) => ({ value: s.value, label: s.label }))}
            onChange={(e) => set('status', toComplaintStatus(e.currentTarget.value))}
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
