import { useSyncExternalStore } from 'react';
import { Text } from '@mantine/core';
import { answerQueue, type QueueSnapshot } from '../../lib/answer-queue';

/** What the header says about the background saves, in the words participants see. */
export function saveStatusText(snapshot: QueueSnapshot): string | null {
  if (snapshot.stop) return 'Not saved';
  switch (snapshot.state) {
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'offline':
      return 'Offline — your answers will be sent when you are back online';
    case 'retrying':
      return snapshot.detail ? `Couldn't save, retrying. ${snapshot.detail}` : "Couldn't save, retrying";
    default:
      return null;
  }
}

/** The page's save queue, as React state. */
export function useSaveQueue(): QueueSnapshot {
  return useSyncExternalStore(answerQueue.subscribe, answerQueue.getSnapshot, answerQueue.getSnapshot);
}

/**
 * A discreet line on how saving goes. Trouble (offline, retrying) is announced to screen readers;
 * the "Saving… / Saved" of every answer is not, or every answer would be read out twice.
 */
export function SaveStatus() {
  const snapshot = useSaveQueue();
  const text = saveStatusText(snapshot);
  const trouble = snapshot.state === 'offline' || snapshot.state === 'retrying';
  return (
    <Text size="xs" c={trouble ? 'orange.9' : 'dimmed'} data-save-state={snapshot.state}>
      <span role="status">{trouble ? text : null}</span>
      {!trouble && text}
    </Text>
  );
}
