import { Badge } from '@mantine/core';
import type { ParticipantSummary } from '@prometrica/shared-api';
import { stageColor, stageText } from '../utils/stages';

/** Where a participant stands: `Invited` … `Answering 3 of 20` … `Concerns done`. */
export function StageBadge({ participant }: { participant: ParticipantSummary }) {
  return (
    <Badge color={stageColor[participant.stage] ?? 'gray'} variant="light" tt="none">
      {stageText(participant)}
    </Badge>
  );
}
