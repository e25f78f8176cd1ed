import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReportComments } from '@prometrica/shared-api';
import { CopyIcon } from '../../../../components';
import { copyText } from '../../../../lib/clipboard';
import { notifyError } from '../../../../lib/notify';
import classes from './report.module.css';

/** A save refused as stale: someone saved a newer version; the user loads it (their text is kept to copy). */
export function ConflictNotice({ onLoadLatest }: { onLoadLatest: () => Promise<void> }) {
  const [loading, setLoading] = useState(false);
  async function load() {
    setLoading(true);
    try {
      await onLoadLatest();
    } catch (error) {
      notifyError(error, 'The latest version could not be loaded');
    } finally {
      setLoading(false);
    }
  }
  return (
    <Alert color="yellow" title="Someone else saved these comments" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          A newer version was saved after you started editing (by someone else, or in another tab), so your changes were
          not saved. Load the latest version to go on; your text stays on this page to copy from.
        </Text>
        <Button size="xs" color="yellow" variant="light" onClick={load} loading={loading}>
          Load the latest version
        </Button>
      </Stack>
    </Alert>
  );
}

/** What the user had typed when the latest version was loaded over it: each comment with Copy. */
export function KeptText({ comments, onDismiss }: { comments: ReportComments; onDismiss: () => void }) {
  const parts = [
    ['Overall comment', comments.overall] as const,
    ...Object.entries(comments.categories).map(([name, text]) => [`Comment on ${name}`, text] as const),
  ].filter(([, text]) => text.trim());
  return (
    <Alert
      color="blue"
      title="Your text before the latest version was loaded"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      <Stack gap="sm">
        {parts.length === 0 && <Text size="sm">You had cleared every comment.</Text>}
        {parts.map(([label, text]) => (
          <div key={label}>
            <Group justify="space-between" gap="xs">
              <Text size="xs" fw={600}>
                {label}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<CopyIcon size={12} />}
                aria-label={`Copy ${label.toLowerCase()}`}
                onClick={() => void copyText(text, { title: 'Copied', message: `${label} is on the clipboard.` })}
              >
                Copy
              </Button>
            </Group>
            <Text size="sm" className={classes.keptText}>
              {text}
            </Text>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}
