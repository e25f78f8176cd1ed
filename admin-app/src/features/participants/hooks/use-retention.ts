import { useState } from 'react';
import { participantsApi } from '@prometrica/shared-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFetch } from '../../../lib/use-fetch';

/**
 * The retention setting (erase participants some months after they submitted; off by default), the
 * preview of who the next run would erase, and running it now. `onErased` refreshes the list.
 */
export function useRetention(onErased: () => void) {
  const settings = useFetch(() => participantsApi.getRetention(), []);
  const preview = useFetch(() => participantsApi.previewRetention(), []);
  const [saving, setSaving] = useState(false);
  const [running, setRunning] = useState(false);

  function reload() {
    settings.reload();
    preview.reload();
  }

  async function change(months: number | null) {
    setSaving(true);
    try {
      const reply = await participantsApi.setRetention({ months });
      notifySuccess(
        reply.months === null
          ? 'Participants are kept until an admin erases them.'
          : `Participants will be erased ${reply.months} ${reply.months === 1 ? 'month' : 'months'} after they submit.`,
        reply.months === null ? 'Retention is off' : 'Retention is on',
      );
    } catch (error) {
      notifyError(error, 'Retention was not changed');
    } finally {
      setSaving(false);
      reload();
    }
  }

  async function runNow() {
    setRunning(true);
    try {
      const reply = await participantsApi.runRetention();
      notifySuccess(reply.message, 'Retention run');
      onErased();
    } catch (error) {
      notifyError(error, 'Retention did not run');
    } finally {
      setRunning(false);
      reload();
    }
  }

  return {
    settings: settings.data,
    preview: preview.data,
    error: settings.error ?? preview.error,
    reload,
    saving,
    running,
    change,
    runNow,
  };
}
