import { useState } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { participantsApi } from '@prometrica/shared-api';
import {
  ConfirmDialog,
  ClockIcon,
  DownloadIcon,
  ListPanel,
  PageHeader,
  PlusIcon,
  SearchInput,
  UploadIcon,
} from '../../../components';
import { saveTextFile } from '../../../lib/download';
import { notifyError } from '../../../lib/notify';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { serverListPanel } from '../../../lib/use-server-paging';
import { useInvitationActions } from '../hooks/use-invitation-actions';
import { useParticipants, type StageFilter } from '../hooks/use-participants';
import { stages } from '../utils/stages';
import { EraseModal } from './erase-modal';
import { ImportModal } from './import-modal';
import { InviteModal } from './invite-modal';
import { OpenEntrySwitch } from './open-entry-switch';
import { RetentionModal } from './retention-control';
import { ParticipantCards } from './participant-cards';
import { ParticipantTable } from './participant-table';
import classes from './participants.module.css';
import { participantsHeader } from '../header';

const stageChoices = [{ value: 'all', label: 'All stages' }, ...stages];

/** `Export CSV`: every participant with their link, saved as the file the server names. */
function useExport() {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      const { filename, csv } = await participantsApi.exportInvitations();
      saveTextFile(filename, csv);
    } catch (error) {
      notifyError(error, 'The participants were not exported');
    } finally {
      setExporting(false);
    }
  }
  return { exporting, exportCsv };
}

/**
 * `/dashboard/participants`: everyone taking the assessment, invited or not, with where they stand;
 * invitations one by one or from a CSV, the export, whether `/` takes new participants, each
 * participant's data export and erasure, and retention.
 */
export function ParticipantsScreen() {
  const list = useParticipants();
  const small = useMatchesMedia('(max-width: 48em)');
  const actions = useInvitationActions(list.reload);
  const { exporting, exportCsv } = useExport();
  const [open, setOpen] = useState<'invite' | 'import' | 'retention' | null>(null);
  const close = () => setOpen(null);

  const participants = list.data?.participants ?? [];
  const mailConfigured = list.data?.mailConfigured ?? false;
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);
  const filtering = Boolean(list.debouncedSearch) || list.stage !== 'all';
  const revoking = actions.revoking;
  const erasing = actions.erasing;

  return (
    <Stack gap="lg">
      <Stack gap="md">
        <PageHeader
          {...participantsHeader}
          actions={
            <>
              <Button leftSection={<PlusIcon size={16} />} onClick={() => setOpen('invite')}>
                Invite participant
              </Button>
              <Button variant="default" leftSection={<UploadIcon size={16} />} onClick={() => setOpen('import')}>
                Import CSV
              </Button>
              <Button
                variant="default"
                leftSection={<DownloadIcon size={16} />}
                loading={exporting}
                onClick={() => void exportCsv()}
              >
                Export CSV
              </Button>
              <Button variant="default" leftSection={<ClockIcon size={16} />} onClick={() => setOpen('retention')}>
                Retention
              </Button>
            </>
          }
        />
        <OpenEntrySwitch />
      </Stack>

      <Group justify="space-between" align="flex-end" gap="sm" className={classes.toolbar}>
        <SearchInput
          label="Search participants"
          placeholder="Search by name or email..."
          value={list.search}
          onChange={list.setSearch}
        />
        <NativeSelect
          label="Stage"
          data={stageChoices}
          value={list.stage}
          onChange={(event) => list.setStage(event.currentTarget.value as StageFilter)}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>

      <ListPanel
        itemLabel="participants"
        list={serverListPanel(list, {
          count: participants.length,
          total: list.data?.totalParticipants ?? 0,
          totalPages,
          searching: filtering,
        })}
        empty={{
          title: 'No Participants Found',
          hint: 'Invite participants, or turn open entry on so anyone can start from the home page',
        }}
        searchHint="Try a different search or stage"
      >
        {small ? (
          <ParticipantCards participants={participants} mailConfigured={mailConfigured} actions={actions} />
        ) : (
          <ParticipantTable participants={participants} mailConfigured={mailConfigured} actions={actions} />
        )}
      </ListPanel>

      <InviteModal opened={open === 'invite'} mailConfigured={mailConfigured} onClose={close} onInvited={list.reload} />
      <ImportModal
        opened={open === 'import'}
        mailConfigured={mailConfigured}
        onClose={close}
        onImported={list.reload}
      />
      <ConfirmDialog
        opened={revoking.opened}
        title="Revoke invitation"
        message={`Revoke the invitation of ${revoking.subject?.name ?? 'this participant'}? Their personal link stops working at once.`}
        confirmLabel="Revoke"
        busy={revoking.busy}
        onConfirm={() => void revoking.confirm()}
        onCancel={revoking.cancel}
      />
      <RetentionModal opened={open === 'retention'} onClose={close} onErased={list.reload} />
      <EraseModal
        opened={erasing.opened}
        participant={erasing.subject}
        busy={erasing.busy}
        onConfirm={() => void erasing.confirm()}
        onCancel={erasing.cancel}
      />
    </Stack>
  );
}
