import { useState } from 'react';
import { NativeSelect, Text } from '@mantine/core';
import { auditApi } from '@prometrica/shared-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFetch } from '../../../lib/use-fetch';

/** The periods offered (the server takes any whole number of months from 6 to 1200). */
const offeredMonths = [6, 12, 24, 36, 60, 84, 120];

function choicesFor(months: number | undefined) {
  const offered = months === undefined || offeredMonths.includes(months) ? offeredMonths : [...offeredMonths, months];
  return offered.sort((a, b) => a - b).map((value) => ({ value: String(value), label: `${value} months` }));
}

/** How long entries are kept: older ones are deleted by the server's hourly run (24 months unless set). */
export function AuditRetention() {
  const retention = useFetch(() => auditApi.getAuditRetention(), []);
  const [saving, setSaving] = useState(false);
  const months = retention.data?.months;

  async function change(value: number) {
    setSaving(true);
    try {
      await auditApi.setAuditRetention({ months: value });
      notifySuccess(`Entries older than ${value} months will be deleted.`, 'Audit log retention changed');
    } catch (error) {
      notifyError(error, 'Audit log retention was not changed');
    } finally {
      setSaving(false);
      retention.reload();
    }
  }

  if (retention.error) return <Text size="sm" c="red">{`Retention could not be loaded: ${retention.error}`}</Text>;
  return (
    <NativeSelect
      label="Keep entries for"
      description="Older entries are deleted every hour; the change itself is recorded."
      data={choicesFor(months)}
      value={months === undefined ? '' : String(months)}
      disabled={months === undefined || saving}
      onChange={(event) => void change(Number(event.currentTarget.value))}
      maw={{ sm: 320 }}
    />
  );
}
