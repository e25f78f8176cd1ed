import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { limits, type SendReportResponse } from '@prometrica/shared-api';
import * as reportsApi from '../../reports-api';
import { CopyLinkField, SegmentedChoice } from '../../../../components';
import { copyText } from '../../../../lib/clipboard';
import { formatDateTime } from '../../../../lib/format-date';
import { useMatchesMedia } from '../../../../lib/use-media-query';
import { useSave } from '../../../../lib/use-save';
import classes from './report.module.css';

const deliveryChoices = [
  { label: 'Mail', value: 'mail' },
  { label: 'Copy link', value: 'link' },
] as const;

/** How long a link may stay valid, in days (the server's bounds). */
export const LINK_DAYS = { min: 1, max: 365, default: limits.reportLinkDays } as const;

export interface SendReportDialogProps {
  opened: boolean;
  resultId: string;
  /** The participant's address, where a mailed report goes. */
  email: string;
  /** Outgoing mail is configured: the report can be mailed; otherwise only a link to copy. */
  mailConfigured: boolean;
  /** Saves the comments first; resolves false when they could not be saved (nothing is sent then). */
  beforeSend: () => Promise<boolean>;
  onSent: (sent: SendReportResponse) => void;
  onClose: () => void;
}

/**
 * Send report: releases the report with a new link, mailed to the participant (with the PDF when
 * chosen) or shown to copy; then shows the link with Copy, and whether it was mailed.
 */
export function SendReportDialog(props: SendReportDialogProps) {
  const small = useMatchesMedia('(max-width: 48em)');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SendReportResponse | null>(null);
  const close = () => {
    if (sending) return;
    setSent(null);
    props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      closeOnClickOutside={!sending}
      title={sent ? 'Report sent' : 'Send report'}
      fullScreen={small}
    >
      {sent ? (
        <SentLink sent={sent} onClose={close} />
      ) : (
        <SendForm
          {...props}
          sending={sending}
          setSending={setSending}
          onSent={(answer) => {
            setSent(answer);
            props.onSent(answer);
          }}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

interface SendFormProps extends SendReportDialogProps {
  sending: boolean;
  setSending: (sending: boolean) => void;
  onCancel: () => void;
}

function SendForm({
  resultId,
  email,
  mailConfigured,
  beforeSend,
  onSent,
  onCancel,
  sending,
  setSending,
}: SendFormProps) {
  const formId = useId();
  const [delivery, setDelivery] = useState<'mail' | 'link'>(mailConfigured ? 'mail' : 'link');
  const [attachPdf, setAttachPdf] = useState(false);
  const [showCorrectAnswers, setShowCorrectAnswers] = useState(false);
  const [days, setDays] = useState(String(LINK_DAYS.default));
  const [daysError, setDaysError] = useState<string | null>(null);
  const [notSaved, setNotSaved] = useState(false);
  const { failure, save } = useSave({ saved: 'Report sent', inPlace: true }, setSending);
  const refusal = notSaved
    ? 'The comments could not be saved, so the report was not sent. Save them (see the status under the heading) and send again.'
    : failure;

  function validDays(): number | null {
    const value = Number(days.trim());
    if (!/^\d+$/.test(days.trim()) || value < LINK_DAYS.min || value > LINK_DAYS.max) {
      setDaysError(`Enter a whole number of days from ${LINK_DAYS.min} to ${LINK_DAYS.max}`);
      return null;
    }
    setDaysError(null);
    return value;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const expiresInDays = validDays();
    if (expiresInDays === null) return;
    setSending(true);
    const saved = await beforeSend();
    setNotSaved(!saved);
    if (!saved) {
      setSending(false);
      return;
    }
    let answer: SendReportResponse | undefined;
    const ok = await save(async () => {
      answer = await reportsApi.sendReport(resultId, {
        delivery,
        attachPdf: delivery === 'mail' && attachPdf,
        showCorrectAnswers,
        expiresInDays,
      });
      return answer;
    });
    if (ok && answer) onSent(answer);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" title="Not sent" role="alert">
            {refusal}
          </Alert>
        )}
        {mailConfigured ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${formId}-delivery`}>
              Delivery
            </Text>
            <SegmentedChoice
              aria-labelledby={`${formId}-delivery`}
              data={deliveryChoices}
              value={delivery}
              onChange={setDelivery}
            />
            <Text size="xs" c="dimmed" className={classes.address}>
              {delivery === 'mail'
                ? `The link is mailed to ${email}.`
                : 'You copy the link and send it to the participant yourself.'}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Outgoing mail is not configured: you will get a link to copy and send to the participant yourself.
          </Text>
        )}
        {delivery === 'mail' && (
          <Checkbox
            label="Attach the PDF"
            checked={attachPdf}
            onChange={(event) => setAttachPdf(event.currentTarget.checked)}
          />
        )}
        <Checkbox
          label="Show the correct answers to the participant"
          checked={showCorrectAnswers}
          onChange={(event) => setShowCorrectAnswers(event.currentTarget.checked)}
        />
        <TextInput
          type="number"
          inputMode="numeric"
          label="Link valid for (days)"
          description={`From ${LINK_DAYS.min} to ${LINK_DAYS.max} days`}
          min={LINK_DAYS.min}
          max={LINK_DAYS.max}
          step={1}
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
          error={daysError}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            {delivery === 'mail' ? 'Mail report' : 'Create link'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SentLink({ sent, onClose }: { sent: SendReportResponse; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {sent.mailed
          ? `${sent.message} The participant was mailed the link.`
          : `${sent.message} It was not mailed: copy the link and send it to the participant.`}
      </Text>
      <CopyLinkField
        label="Link to the report"
        link={sent.link}
        onCopy={() =>
          void copyText(sent.link, { title: 'Link copied', message: 'The report link is on the clipboard.' })
        }
      />
      <Text size="xs" c="dimmed">
        Valid until {formatDateTime(sent.expiresAt)}. It is shown only now: a new link can be made by sending again.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
