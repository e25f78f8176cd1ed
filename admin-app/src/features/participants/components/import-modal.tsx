import { useId, useMemo, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { limits, participantsApi, type ImportInvitationsResponse } from '@prometrica/shared-api';
import { FormModal, FormModalActions, SaveFailure, type FormModalState } from '../../../components';
import { useFormFields } from '../../../lib/use-form-fields';
import { useSave } from '../../../lib/use-save';
import { previewCsv } from '../utils/csv-preview';
import {
  blankImport,
  csvSizeError,
  importBody,
  validateImport,
  type ImportErrors,
  type ImportValues,
} from '../utils/invite-form';
import classes from './participants.module.css';

export interface ImportModalProps {
  opened: boolean;
  /** Offers `Send the invitations by email` (off by default) when the server can send mail. */
  mailConfigured: boolean;
  onClose: () => void;
  /** After the server took the import (the list reloads). */
  onImported: () => void;
}

/** `Import CSV`: a file or pasted rows, a preview of the count, then what the import did, line by line. */
export function ImportModal({ opened, mailConfigured, onClose, onImported }: ImportModalProps) {
  return (
    <FormModal
      item={opened ? 'import' : null}
      keyOf={(key) => key}
      title="Import participants from CSV"
      size="lg"
      onClose={onClose}
      onSaved={onClose}
    >
      {(_, modal) => <ImportForm modal={modal} mailConfigured={mailConfigured} onImported={onImported} />}
    </FormModal>
  );
}

/** A chosen file's text (FileReader: read the same way in every browser). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

const rowsText = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

function ImportForm({
  modal,
  mailConfigured,
  onImported,
}: {
  modal: FormModalState;
  mailConfigured: boolean;
  onImported: () => void;
}) {
  const fileId = useId();
  const form = useFormFields<ImportValues, ImportErrors>(blankImport, (values) =>
    validateImport(values, previewCsv(values.csv).rows),
  );
  const { failure, save } = useSave({ saved: 'Import done', inPlace: true }, modal.setSaving);
  const [fileName, setFileName] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImportInvitationsResponse | null>(null);
  const preview = useMemo(() => previewCsv(form.values.csv), [form.values.csv]);
  const { saving } = modal;

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setFileName(file.name);
    const tooLarge = csvSizeError(file.size);
    if (tooLarge) {
      form.setErrors((errors) => ({ ...errors, csv: tooLarge }));
      return;
    }
    try {
      form.set('csv', await readText(file));
    } catch {
      form.setErrors((errors) => ({ ...errors, csv: `${file.name} could not be read` }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !form.check()) return;
    let reply: ImportInvitationsResponse | undefined;
    const done = await save(
      async () => (reply = await participantsApi.importInvitations(importBody(form.values, mailConfigured))),
    );
    if (!done || !reply) return;
    onImported();
    setOutcome(reply);
  }

  if (outcome) return <ImportOutcome outcome={outcome} onBack={() => setOutcome(null)} onDone={modal.onCancel} />;

  const hasText = Boolean(form.values.csv.trim());
  const missing = ['name', 'email'].filter((column) => !preview.columns.some((c) => c.toLowerCase() === column));
  return (
    <form onSubmit={submit} noValidate aria-label="Import participants">
      <Stack gap="sm">
        <SaveFailure failure={failure} />
        <Text size="sm" c="dimmed">
          The first line names the columns: name, email and phone. At most {limits.invitationImportRows} rows and{' '}
          {limits.invitationImportBytes / 1024 / 1024} MB.
        </Text>
        <Input.Wrapper
          label="CSV file"
          id={fileId}
          description={fileName ? `Chosen: ${fileName}. Its rows are below, to check or edit.` : undefined}
        >
          <div>
            <input
              id={fileId}
              className={classes.file}
              type="file"
              accept=".csv,text/csv,text/plain"
              disabled={saving}
              onChange={(event) => void chooseFile(event)}
            />
          </div>
        </Input.Wrapper>
        <Textarea
          className={classes.csv}
          label="CSV rows"
          description="Or paste the rows here, header line first."
          placeholder={'name,email,phone\nAda Lovelace,ada@example.com,+44 20 7946 0000'}
          rows={8}
          spellCheck={false}
          {...form.field('csv', saving)}
        />
        <Text size="sm" aria-live="polite">
          {hasText ? `${rowsText(preview.rows)} to import` : 'Nothing to import yet'}
          {hasText && preview.columns.length > 0 ? ` · columns: ${preview.columns.join(', ')}` : ''}
        </Text>
        {hasText && missing.length > 0 && (
          <Text size="sm" c="orange.8">
            The header line names no {missing.join(' or ')} column: the server reads the columns by name.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Expires after (days)"
            inputMode="numeric"
            withAsterisk
            {...form.field('expiresInDays', saving)}
          />
        </SimpleGrid>
        {mailConfigured && (
          <Checkbox
            label="Send the invitations by email"
            checked={form.values.send}
            disabled={saving}
            onChange={(event) => form.set('send', event.currentTarget.checked)}
          />
        )}
        {saving && (
          <Stack gap={4}>
            <Progress value={100} striped animated aria-label="Uploading the CSV" />
            <Text size="sm" c="dimmed" role="status">
              Uploading {rowsText(preview.rows)}...
            </Text>
          </Stack>
        )}
        <FormModalActions modal={modal} label="Import" busyLabel="Importing..." mt="sm" />
      </Stack>
    </form>
  );
}

/** What the import did: how many were invited, and each skipped or bad row by its line. */
function ImportOutcome({
  outcome,
  onBack,
  onDone,
}: {
  outcome: ImportInvitationsResponse;
  onBack: () => void;
  onDone: () => void;
}) {
  const { invited, skipped, errors } = outcome;
  const clean = skipped.length === 0 && errors.length === 0;
  return (
    <Stack gap="md">
      <Alert color={clean ? 'green' : 'yellow'} title={`${invited} invited`} role="status">
        {outcome.message}
      </Alert>
      {skipped.length > 0 && (
        <OutcomeLines title="Skipped rows" count={skipped.length}>
          {skipped.map((row, i) => (
            <li key={i}>
              Line {row.line}: {row.email}: {row.reason}
            </li>
          ))}
        </OutcomeLines>
      )}
      {errors.length > 0 && (
        <OutcomeLines title="Rows with errors" count={errors.length}>
          {errors.map((row, i) => (
            <li key={i}>
              Line {row.line}: {row.message}
            </li>
          ))}
        </OutcomeLines>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back to the CSV
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

function OutcomeLines({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title} ({count})
      </Title>
      <Text component="ul" size="sm" className={classes.lines}>
        {children}
      </Text>
    </Stack>
  );
}
