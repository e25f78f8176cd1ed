import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@prometrica/shared-api';
import { saveBlob } from './download';
import { messageOf, notifySuccess } from './notify';
import { fetchDownload, type DownloadProgress, type DownloadRequest } from './streamed-download';

/** How often the progress is drawn at most: a large file arrives in thousands of chunks. */
const PROGRESS_EVERY_MS = 150;

/** What `DownloadStatus` draws (its props). */
export interface DownloadView {
  /** What is being downloaded (its button's words) and how far it has come; null when none runs. */
  running: { label: string; progress: DownloadProgress } | null;
  /** Why the last download failed, with what it was. */
  failure: { label: string; message: string } | null;
  /** Stops the running download; nothing is saved. */
  onCancel: () => void;
  /** Puts the failure away. */
  onDismiss: () => void;
}

/**
 * One download at a time, streamed with its progress (`fetchDownload`) and saved as a file when
 * complete. A screen shows it with `<DownloadStatus {...download.view} />`; leaving the screen cancels it.
 */
export function useDownload() {
  const [running, setRunning] = useState<DownloadView['running']>(null);
  const [failure, setFailure] = useState<DownloadView['failure']>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  /** Resolves true once the file was saved. */
  async function start(label: string, request: Omit<DownloadRequest, 'signal' | 'onProgress'>): Promise<boolean> {
    if (controller.current) return false;
    const abort = new AbortController();
    controller.current = abort;
    setFailure(null);
    setRunning({ label, progress: { received: 0 } });
    let drawnAt = 0;
    try {
      const file = await fetchDownload({
        ...request,
        signal: abort.signal,
        onProgress: (progress) => {
          const now = Date.now();
          if (now - drawnAt < PROGRESS_EVERY_MS) return;
          drawnAt = now;
          setRunning({ label, progress });
        },
      });
      saveBlob(file.filename, file.blob);
      notifySuccess(`${file.filename} was saved.`, `${label}: done`);
      return true;
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'aborted')) setFailure({ label, message: messageOf(error) });
      return false;
    } finally {
      controller.current = null;
      setRunning(null);
    }
  }

  const view: DownloadView = {
    running,
    failure,
    onCancel: () => controller.current?.abort(),
    onDismiss: () => setFailure(null),
  };
  return { view, busy: running !== null, start };
}
