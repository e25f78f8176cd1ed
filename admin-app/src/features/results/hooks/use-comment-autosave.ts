import { useEffect, useRef, useState } from 'react';
import { isApiError, reportsApi, type ReportComments, type ReportState } from '@prometrica/shared-api';
import { messageOf } from '../../../lib/notify';

/** How long typing must pause before the comments are saved. */
export const AUTOSAVE_DELAY_MS = 1000;

/** Where the draft stands against the server. */
export type AutosaveStatus =
  | { kind: 'saved'; at: string | null }
  | { kind: 'saving' }
  | { kind: 'error'; message: string }
  /** Someone else saved a newer version since this editor's: nothing is saved until the user chooses. */
  | { kind: 'conflict' };

/** Comments equal as the server keeps them: an absent category comment is the same as ''. */
export function sameComments(a: ReportComments, b: ReportComments): boolean {
  if (a.overall !== b.overall) return false;
  const names = new Set([...Object.keys(a.categories), ...Object.keys(b.categories)]);
  for (const name of names) if ((a.categories[name] ?? '') !== (b.categories[name] ?? '')) return false;
  return true;
}

export interface AutosaveStart {
  resultId: string;
  report: Pick<ReportState, 'comments' | 'version' | 'savedAt'>;
  /** The server's report after each save (its version and status). */
  onSaved: (report: ReportState) => void;
}

/**
 * The doctor's comments as typed, saved as a new draft version once typing pauses for a second
 * (`AUTOSAVE_DELAY_MS`) or the field loses focus (`flush`). What was typed is never dropped: a failed
 * save keeps it (Retry, or the next keystroke, tries again); a save refused as stale (409: someone
 * else saved since) stops saving until the user loads the latest version, which keeps their text in
 * `keptText` to copy from. Leaving with unsaved text asks first (the browser's own prompt) and
 * saves on the way out.
 */
export function useCommentAutosave({ resultId, report, onSaved }: AutosaveStart) {
  const [draft, setDraftState] = useState<ReportComments>(report.comments);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'saved', at: report.savedAt });
  const [keptText, setKeptText] = useState<ReportComments | null>(null);
  const draftRef = useRef(report.comments);
  const savedRef = useRef(report.comments);
  const baseVersion = useRef(report.version);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const conflicted = useRef(false);
  const mounted = useRef(true);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const dirty = () => !sameComments(draftRef.current, savedRef.current);

  /** Saves the draft now unless it is saved already; resolves whether everything typed is saved. */
  async function flush(): Promise<boolean> {
    clearTimeout(timer.current);
    if (inFlight.current) {
      await inFlight.current;
      return flush();
    }
    if (conflicted.current) return false;
    if (!dirty()) return true;
    const sent = draftRef.current;
    if (mounted.current) setStatus({ kind: 'saving' });
    const saving = reportsApi
      .saveComments(resultId, { ...sent, baseVersion: baseVersion.current })
      .then(({ report: saved }) => {
        savedRef.current = sent;
        baseVersion.current = saved.version;
        if (mounted.current) {
          setStatus({ kind: 'saved', at: saved.savedAt });
          onSavedRef.current(saved);
        }
        return true;
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 409) {
          conflicted.current = true;
          if (mounted.current) setStatus({ kind: 'conflict' });
        } else if (mounted.current) {
          setStatus({ kind: 'error', message: messageOf(error) });
        }
        return false;
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = saving;
    if (!(await saving)) return false;
    // Typed on while the save was on its way: that is saved too.
    return dirty() ? flush() : true;
  }

  function schedule() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }

  function setDraft(next: ReportComments) {
    draftRef.current = next;
    setDraftState(next);
    if (!conflicted.current) schedule();
  }

  const setOverall = (text: string) => setDraft({ ...draftRef.current, overall: text });
  const setCategory = (name: string, text: string) =>
    setDraft({ ...draftRef.current, categories: { ...draftRef.current.categories, [name]: text } });

  /** Puts an earlier version's comments in the editor and saves them as the newest version. */
  function restore(comments: ReportComments) {
    setDraft(comments);
    void flush();
  }

  /** After a conflict: the latest saved comments replace the editor's; the user's text stays in `keptText`. */
  async function loadLatest(): Promise<void> {
    const { report: latest } = await reportsApi.getReport(resultId);
    setKeptText(draftRef.current);
    savedRef.current = latest.comments;
    draftRef.current = latest.comments;
    baseVersion.current = latest.version;
    conflicted.current = false;
    setDraftState(latest.comments);
    setStatus({ kind: 'saved', at: latest.savedAt });
    onSavedRef.current(latest);
  }

  // The browser asks before the page is left or reloaded with text not yet saved.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  // Leaving the screen within the app: the text is saved on the way out.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (dirty() && !conflicted.current) void flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    draft,
    status,
    /** The text typed here when the latest version was loaded over it, to copy from. */
    keptText,
    dismissKeptText: () => setKeptText(null),
    /** Whether something typed is not saved yet. */
    unsaved: !sameComments(draft, savedRef.current) || status.kind === 'saving',
    setOverall,
    setCategory,
    flush,
    retry: () => void flush(),
    restore,
    loadLatest,
  };
}

export type CommentAutosave = ReturnType<typeof useCommentAutosave>;
