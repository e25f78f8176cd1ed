import { useState } from 'react';
import { participantsApi } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** The participation setting: whether `/` takes new participants (open entry), and turning it on or off. */
export function useOpenEntry() {
  const settings = useFetch(() => participantsApi.getParticipation(), []);
  const [saved, setSaved] = useState<boolean | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  async function change(openEntry: boolean) {
    setSaving(true);
    try {
      const reply = await participantsApi.setParticipation({ openEntry });
      setSaved(reply.openEntry);
      notifySuccess(
        reply.openEntry
          ? 'Anyone can now start the assessment from the home page.'
          : 'The home page now says the assessment is by invitation.',
        reply.openEntry ? 'Open entry is on' : 'Open entry is off',
      );
    } catch (error) {
      notifyError(error, 'Open entry was not changed');
    } finally {
      setSaving(false);
    }
  }

  function reload() {
    setSaved(undefined);
    settings.reload();
  }

  return {
    /** Undefined until the setting has loaded. */
    openEntry: saved ?? settings.data?.openEntry,
    loading: settings.loading,
    error: settings.error,
    reload,
    saving,
    change,
  };
}
