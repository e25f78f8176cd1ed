import type { MantineColor } from '@mantine/core';
import type { InvitationStatus, ParticipantStage, ParticipantSummary } from '@prometrica/shared-api';

/** The stages in the order participants reach them (docs/participation.md), as the filter lists them. */
export const stages: readonly { value: ParticipantStage; label: string }[] = [
  { value: 'invited', label: 'Invited' },
  { value: 'opened', label: 'Opened' },
  { value: 'entered', label: 'Entered' },
  { value: 'consented', label: 'Consented' },
  { value: 'answering', label: 'Answering' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'concerns-done', label: 'Concerns done' },
];

const labels = Object.fromEntries(stages.map(({ value, label }) => [value, label])) as Record<ParticipantStage, string>;

/** Where a participant stands in words: `Answering 3 of 20` while answering, else the stage's name. */
export function stageText(participant: Pick<ParticipantSummary, 'stage' | 'answered' | 'questionCount'>): string {
  if (participant.stage === 'answering') return `Answering ${participant.answered} of ${participant.questionCount}`;
  return labels[participant.stage] ?? participant.stage;
}

export const stageColor: Record<ParticipantStage, MantineColor> = {
  invited: 'gray',
  opened: 'blue',
  entered: 'cyan',
  consented: 'indigo',
  answering: 'yellow',
  submitted: 'green',
  'concerns-done': 'teal',
};

export const invitationStatusLabel: Record<InvitationStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const invitationStatusColor: Record<InvitationStatus, MantineColor> = {
  active: 'green',
  expired: 'gray',
  revoked: 'red',
};
