import { useEffect, useRef, useState } from 'react';
import { isApiError, type ReportComments, type ReportState } from '@prometrica/shared-api';
import * as reportsApi from '../reports-api';
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

/** Text typed and not saved yet, kept in the tab's session storage until the server has it. */
interface Backup {
  /** The saved version the text was typed on. */
  baseVersion: number;
  comments: ReportComments;
}

const backupKey = (resultId: string) => `report-draft:${resultId}`;

function readBackup(resultId: string): Backup | null {
  try {
    const text = sessionStorage.getItem(backupKey(resultId));
    const value = text ? (JSON.parse(text) as Backup) : null;
    return value && typeof value.baseVersion === 'number' && typeof value.comments?.overall === 'string' ? value : null;
  } catch {
    // Storage blocked or the entry unreadable: nothing to put back.
    return null;
  }
}

function writeBackup(resultId: string, backup: Backup | null) {
  try {
    if (backup) sessionStorage.setItem(backupKey(resultId), JSON.stringify(backup));
    else sessionStorage.removeItem(backupKey(resultId));
  } catch {
    // Storage blocked (privacy settings): the text is still on screen and saved as usual.
  }
}

/**
 * What the editor starts from: the saved comments, or the text this tab typed on them and did not
 * get saved (the page was left or reloaded before the server took it). Typed on an older version
 * than the saved one, that text is not put in the editor but kept aside to copy from.
 */
function startingPoint(resultId: string, report: AutosaveStart['report']) {
  const backup = readBackup(resultId);
  if (!backup || sameComments(backup.comments, report.comments)) {
    writeBackup(resultId, null);
    return { draft: report.comments, restored: false, kept: null };
  }
  if (backup.baseVersion === report.version) return { draft: backup.comments, restored: true, kept: null };
  writeBackup(resultId, null);
  return { draft: report.comments, restored: false, kept: backup.comments };
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
 * saves on the way out; until the server has it, the text is also kept in the tab's session storage
 * and put back when the report is opened again in the tab (after a reload, or a save that failed on
 * the way out).
 */
export function useCommentAutosave({ resultId, report, onSaved }: AutosaveStart) {
  const [start] = useState(() => startingPoint(resultId, report));
  const [draft, setDraftState] = useState<ReportComments>(start.draft);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'saved', at: report.savedAt });
  const [keptText, setKeptText] = useState<ReportComments | null>(start.kept);
  const [restored, setRestored] = useState(start.restored);
  const draftRef = useRef(start.draft);
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
        keepUnsaved();
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

  /** Keeps what is typed and not saved in the tab's storage, or forgets it once saved. */
  function keepUnsaved() {
    writeBackup(resultId, dirty() ? { baseVersion: baseVersion.current, comments: draftRef.current } : null);
  }

  function schedule() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }

  function setDraft(next: ReportComments) {
    draftRef.current = next;
    setDraftState(next);
    keepUnsaved();
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
    writeBackup(resultId, null);
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

  // Text put back from the tab's storage is saved as any typing is.
  useEffect(() => {
    if (start.restored) schedule();
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
    /** The editor started from text this tab had typed and not got saved (put back from the tab's storage). */
    restored,
    dismissRestored: () => setRestored(false),
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
