import { useId } from 'react';
import { Paper, Switch, Text } from '@mantine/core';
import { LoadError } from '../../../components';
import { useOpenEntry } from '../hooks/use-open-entry';

/** What the setting means, for its state (unknown until it has loaded). */
function explanation(openEntry: boolean | undefined): string {
  if (openEntry === undefined) return 'Loading whether the home page takes new participants...';
  return openEntry
    ? 'Anyone can start the assessment from the home page (/). Turn off to take invited participants only.'
    : 'The home page (/) says the assessment is by invitation: only invited participants can take part.';
}

/** The participation setting in the section's header: open entry on `/`, or invitations only. */
export function OpenEntrySwitch() {
  const setting = useOpenEntry();
  const explanationId = useId();
  if (setting.error) {
    return <LoadError title="Open entry could not be loaded" message={setting.error} onRetry={setting.reload} />;
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label="Open entry"
        aria-describedby={explanationId}
        checked={setting.openEntry ?? false}
        disabled={setting.openEntry === undefined || setting.saving}
        onChange={(event) => void setting.change(event.currentTarget.checked)}
      />
      {/* Outside the switch's label, so that the switch is named `Open entry` and described by it. */}
      <Text id={explanationId} size="sm" c="dimmed" mt={4} aria-live="polite">
        {explanation(setting.openEntry)}
      </Text>
    </Paper>
  );
}
