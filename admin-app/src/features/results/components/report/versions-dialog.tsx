import { useState } from 'react';
import { Button, Card, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReportComments, ReportVersionsResponse } from '@prometrica/shared-api';
import * as reportsApi from '../../reports-api';
import { EmptyState, LoadError } from '../../../../components';
import { formatDateTime } from '../../../../lib/format-date';
import { useFetch } from '../../../../lib/use-fetch';
import { useMatchesMedia } from '../../../../lib/use-media-query';
import classes from './report.module.css';

type Version = ReportVersionsResponse['versions'][number];

export interface VersionsDialogProps {
  opened: boolean;
  resultId: string;
  /** The saved version the editor started from or last saved: asked for again when it changes. */
  currentVersion: number;
  /** Puts a version's comments in the editor (they are saved as the newest version). */
  onRestore: (version: Version) => void;
  onClose: () => void;
}

/** Every saved version of the comments, newest first: when, by whom, what they said, and Restore (full screen on a phone). */
export function VersionsDialog({ opened, resultId, currentVersion, onRestore, onClose }: VersionsDialogProps) {
  const small = useMatchesMedia('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Versions" size="lg" fullScreen={small}>
      {opened && <VersionList resultId={resultId} currentVersion={currentVersion} onRestore={onRestore} />}
    </Modal>
  );
}

function VersionList({ resultId, currentVersion, onRestore }: Omit<VersionsDialogProps, 'opened' | 'onClose'>) {
  const { data, error, loading, reload } = useFetch(() => reportsApi.getVersions(resultId), [resultId, currentVersion]);
  const [viewing, setViewing] = useState<number | null>(null);
  if (loading && !data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading versions" />
      </Center>
    );
  }
  if (error || !data)
    return <LoadError title="The versions could not be loaded" message={error ?? 'Not found'} onRetry={reload} />;
  if (data.versions.length === 0) {
    return <EmptyState title="No saved versions yet" hint="Each saved draft of the comments is kept here." />;
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Saved versions">
      {data.versions.map((version) => {
        const open = viewing === version.version;
        const latest = version.version === currentVersion;
        return (
          <Card key={version.version} withBorder radius="md" component="li" aria-label={`Version ${version.version}`}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <div>
                <Text fw={600} size="sm">
                  Version {version.version}
                  {latest ? ' (current)' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(version.savedAt)}
                  {version.savedBy ? ` · ${version.savedBy}` : ''}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setViewing(open ? null : version.version)}
                  aria-expanded={open}
                >
                  {open ? 'Hide' : 'View'}
                </Button>
                <Button size="xs" variant="light" onClick={() => onRestore(version)} disabled={latest}>
                  Restore
                </Button>
              </Group>
            </Group>
            {open && <VersionComments comments={version.comments} />}
          </Card>
        );
      })}
    </Stack>
  );
}

/** A version's comments as written: the overall one, then each category's that has one. */
export function VersionComments({ comments }: { comments: ReportComments }) {
  const categories = Object.entries(comments.categories).filter(([, text]) => text.trim());
  return (
    <Stack gap="xs" mt="sm">
      <div>
        <Text size="xs" c="dimmed">
          Overall
        </Text>
        <Text size="sm" className={classes.versionText}>
          {comments.overall.trim() || '—'}
        </Text>
      </div>
      {categories.map(([name, text]) => (
        <div key={name}>
          <Text size="xs" c="dimmed">
            {name}
          </Text>
          <Text size="sm" className={classes.versionText}>
            {text}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
