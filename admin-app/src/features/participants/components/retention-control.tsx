import { useId, useState } from 'react';
import { Button, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { RetentionPreview, RetentionSettings } from '@prometrica/shared-api';
import { ConfirmDialog, LoadError } from '../../../components';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useRetention } from '../hooks/use-retention';

/** The periods offered (the server takes any whole number of months from 1 to 120). */
const offeredMonths = [1, 3, 6, 12, 18, 24, 36, 60, 120];

const monthsText = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;
const participantsText = (count: number) => `${count} ${count === 1 ? 'participant' : 'participants'}`;

function choicesFor(months: number | null) {
  const offered = months === null || offeredMonths.includes(months) ? offeredMonths : [...offeredMonths, months];
  return [
    { value: 'off', label: 'Off' },
    ...offered
      .sort((a, b) => a - b)
      .map((value) => ({ value: String(value), label: `${monthsText(value)} after submission` })),
  ];
}

/** What the setting does now and what the next run would erase. */
function explanation(settings: RetentionSettings | undefined, preview: RetentionPreview | undefined): string {
  if (!settings || !preview) return 'Loading the retention setting...';
  if (settings.months === null) return 'Participants are kept until an admin erases them.';
  const next =
    preview.count === 0
      ? 'The next run (every hour) erases nobody.'
      : `The next run (every hour) erases ${participantsText(preview.count)} who submitted before ${formatDateTime(preview.cutoff)}.`;
  return `Participants are erased ${monthsText(settings.months)} after they submit, with everything stored about them. ${next}`;
}

/**
 * Retention: how long after submission participants are erased (off by default), a preview of who
 * the next run would erase, and a run on demand. Loaded when shown.
 */
export function RetentionControl({ onErased }: { onErased: () => void }) {
  const retention = useRetention(onErased);
  const explanationId = useId();
  const [showing, setShowing] = useState(false);
  const [asking, setAsking] = useState(false);
  if (retention.error) {
    return <LoadError title="Retention could not be loaded" message={retention.error} onRetry={retention.reload} />;
  }
  const { settings, preview } = retention;
  const months = settings?.months ?? null;
  const count = preview?.count ?? 0;
  const listed = preview?.participants ?? [];

  return (
    <>
      <Stack gap="xs">
        <NativeSelect
          label="Retention"
          aria-describedby={explanationId}
          data={choicesFor(months)}
          value={months === null ? 'off' : String(months)}
          disabled={!settings || retention.saving}
          onChange={(event) => {
            const value = event.currentTarget.value;
            void retention.change(value === 'off' ? null : Number(value));
          }}
          maw={{ sm: 420 }}
        />
        <Text id={explanationId} size="sm" c="dimmed" aria-live="polite">
          {explanation(settings, preview)}
        </Text>
        {settings?.lastRun && (
          <Text size="xs" c="dimmed">
            Last run {formatDateTime(settings.lastRun.at)}: {participantsText(settings.lastRun.erased)} erased.
          </Text>
        )}
        {count > 0 && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setShowing((shown) => !shown)} aria-expanded={showing}>
              {showing ? 'Hide who' : 'Show who'}
            </Button>
            <Button color="red" variant="light" size="xs" onClick={() => setAsking(true)}>
              Erase them now
            </Button>
          </Group>
        )}
        {showing && count > 0 && (
          <List size="sm" spacing={2} aria-label="Participants the next run erases">
            {listed.map((participant) => (
              <List.Item key={participant._id}>
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {participant.name || participant.email} ({participant.email}), submitted{' '}
                  {formatDate(participant.submittedAt)}
                </Text>
              </List.Item>
            ))}
            {count > listed.length && <List.Item>and {participantsText(count - listed.length)} more</List.Item>}
          </List>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Erase now"
        message={`Erase ${participantsText(count)} who submitted more than ${monthsText(months ?? 0)} ago, with everything stored about them? This cannot be undone.`}
        confirmLabel="Erase"
        busy={retention.running}
        onConfirm={() => void retention.runNow().then(() => setAsking(false))}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

export interface RetentionModalProps {
  opened: boolean;
  onClose: () => void;
  /** After a run erased participants: the list is loaded again. */
  onErased: () => void;
}

/** The section header's Retention dialog. */
export function RetentionModal({ opened, onClose, onErased }: RetentionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Retention" centered size="lg">
      {opened && <RetentionControl onErased={onErased} />}
    </Modal>
  );
}
