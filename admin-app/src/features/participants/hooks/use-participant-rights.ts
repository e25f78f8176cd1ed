import { useState } from 'react';
import { participantsApi, type ParticipantSummary } from '@prometrica/shared-api';
import { saveTextFile } from '../../../lib/download';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmation } from './use-confirmation';

/** The file an export is saved as: `prometrica-participant-<name or id>-YYYY-MM-DD.json`. */
export function exportFilename(participant: Pick<ParticipantSummary, '_id' | 'name'>, now = new Date()): string {
  const slug = participant.name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 40);
  return `prometrica-participant-${slug || participant._id}-${now.toISOString().slice(0, 10)}.json`;
}

/** True when `typed` is the participant's email or name (ignoring case and outer spaces). */
export function confirmsErasure(typed: string, participant: Pick<ParticipantSummary, 'email' | 'name'>): boolean {
  const value = typed.trim().toLowerCase();
  if (value === '') return false;
  return value === participant.email.trim().toLowerCase() || value === participant.name.trim().toLowerCase();
}

/**
 * A participant's rights from their row: export everything held about them as a JSON file, and
 * erase them after a confirmation that names them. `reload` refreshes the list after an erasure.
 */
export function useParticipantRights(reload: () => void) {
  const [exportingData, setExportingData] = useState<string | null>(null);
  async function exportData(participant: ParticipantSummary) {
    setExportingData(participant._id);
    try {
      const document = await participantsApi.exportParticipant(participant._id);
      saveTextFile(exportFilename(participant), `${JSON.stringify(document, null, 2)}\n`, 'application/json');
    } catch (error) {
      notifyError(error, 'The data was not exported');
    } finally {
      setExportingData(null);
    }
  }

  const erase = useConfirmation(async (participant: ParticipantSummary) => {
    try {
      await participantsApi.eraseParticipant(participant._id);
      notifySuccess(`${participant.name || participant.email} and everything stored about them were erased.`, 'Erased');
      reload();
      return true;
    } catch (error) {
      notifyError(error, 'The participant was not erased');
      return false;
    }
  });

  return {
    exportData,
    /** The participant whose data is being exported, if any. */
    exportingData,
    askErase: erase.ask,
    erasing: erase.dialog,
  };
}

export type ParticipantRights = ReturnType<typeof useParticipantRights>;
