import { ActionIcon, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import type { SignedAgreement } from '@prometrica/shared-api';
import { CopyIcon } from '../../../components';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format-date';
import { Field, Section } from './detail-parts';
import classes from './results.module.css';

/** Characters of the SHA-256 shown; the whole digest is on hover and copied by its button. */
export const SHORT_SHA_LENGTH = 12;

const methods: Record<NonNullable<SignedAgreement['method']>, string> = {
  typed: 'Typed (drawn from the typed name)',
  drawn: 'Drawn (by finger or mouse)',
};

/** What a field of a consent stored before the field was kept shows. */
export function NotRecorded() {
  return (
    <Text span size="sm" c="dimmed" fs="italic">
      not recorded
    </Text>
  );
}

/** A value, or `not recorded` when the consent predates it. */
const orNotRecorded = (value: string | null | undefined) => (value ? value : <NotRecorded />);

function Digest({ sha256 }: { sha256: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip
        label={sha256}
        multiline
        maw={320}
        style={{ overflowWrap: 'anywhere' }}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Text span size="sm" ff="monospace" title={sha256} tabIndex={0}>
          {sha256.slice(0, SHORT_SHA_LENGTH)}…
        </Text>
      </Tooltip>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label="Copy the SHA-256"
        onClick={() =>
          void copyText(sha256, { title: 'SHA-256 copied', message: 'The whole digest is on the clipboard.' })
        }
      >
        <CopyIcon size={14} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The participant's signed consent as evidence: which text (its version and SHA-256), by whom and
 * how, the participant's date and the server's time, the client address and the signature.
 */
export function ConsentRecord({ agreement }: { agreement: SignedAgreement | null }) {
  if (!agreement) {
    return (
      <Section title="Consent">
        <Text c="dimmed" size="sm">
          No signed consent was found for this participant.
        </Text>
      </Section>
    );
  }
  return (
    <Section title="Consent">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
        <Field label="Text version" value={orNotRecorded(agreement.textVersion)} />
        <Field
          label="Text SHA-256"
          value={agreement.textSha256 ? <Digest sha256={agreement.textSha256} /> : <NotRecorded />}
        />
        <Field label="Signed name" value={orNotRecorded(agreement.signedName)} />
        <Field label="Method" value={agreement.method ? methods[agreement.method] : <NotRecorded />} />
        <Field label="Participant's date" value={orNotRecorded(agreement.date)} />
        <Field label="Server time" value={formatDateTime(agreement.createdAt)} />
        <Field label="Client address" value={orNotRecorded(agreement.clientAddress)} />
      </SimpleGrid>
      <Field
        label="Signature"
        value={
          agreement.imageBase64 ? (
            <img
              className={classes.signature}
              src={`data:image/png;base64,${agreement.imageBase64}`}
              alt={`Signature${agreement.signedName ? ` of ${agreement.signedName}` : ''}`}
            />
          ) : (
            <NotRecorded />
          )
        }
      />
    </Section>
  );
}
