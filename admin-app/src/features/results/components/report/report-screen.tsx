import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { limits, type AdminReportResponse, type ReportState } from '@prometrica/shared-api';
import * as reportsApi from '../../reports-api';
import { ReportDocument, printHidden } from '@prometrica/shared-api/report';
import { ConfirmDialog, DownloadIcon, DownloadStatus, LoadError, MailIcon, BanIcon } from '../../../../components';
import { dashboardPath } from '../../../../lib/dashboard-paths';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useDownload } from '../../../../lib/use-download';
import { useFetch } from '../../../../lib/use-fetch';
import { useCommentAutosave, type CommentAutosave } from '../../hooks/use-comment-autosave';
import { CommentEditor } from './comment-editor';
import { ConflictNotice, KeptText } from './conflict-notice';
import { ReportDelivery, reportStatusText } from './report-delivery';
import { SaveStatus } from './save-status';
import { SendReportDialog } from './send-report-dialog';
import { VersionsDialog } from './versions-dialog';
import classes from './report.module.css';

/**
 * `/dashboard/result/:resultId/report`: the doctor's report on one result, as the participant will
 * read it, with the comments' editors in place (saved as drafts while typing), its versions, print,
 * PDF, Send report and the links made.
 */
export function ReportScreen() {
  const { resultId = '' } = useParams();
  const { data, error, loading, reload } = useFetch(() => reportsApi.getReport(resultId), [resultId]);
  const back = <BackToResults />;
  if (loading && !data) {
    return (
      <Stack gap="lg">
        {back}
        <Center py="xl">
          <Loader aria-label="Loading report" />
        </Center>
      </Stack>
    );
  }
  if (error || !data) {
    return (
      <Stack gap="lg">
        {back}
        <LoadError title="The report could not be loaded" message={error ?? 'Not found'} onRetry={reload} />
      </Stack>
    );
  }
  // Keyed by the result: another report starts with its own draft.
  return <ReportEditor key={resultId} resultId={resultId} data={data} back={back} />;
}

/**
 * Back to the results: to the list as it was left (its filters and page are in the address) when the
 * report was opened from it, else to the list itself.
 */
function BackToResults() {
  const location = useLocation();
  const navigate = useNavigate();
  // The first address of this tab (opened from a bookmark or a mailed link) has the key 'default'.
  const cameFromApp = location.key !== 'default';
  return (
    <Button
      component={Link}
      to={dashboardPath('result')}
      variant="subtle"
      px={0}
      onClick={(event: ReactMouseEvent) => {
        if (!cameFromApp) return;
        event.preventDefault();
        navigate(-1);
      }}
      {...printHidden}
    >
      ← Results
    </Button>
  );
}

/** Asks before a link takes the user away while typed text is not saved yet (saved on the way out too). */
function useLeaveGuard(unsaved: boolean) {
  const current = useRef(unsaved);
  current.current = unsaved;
  useEffect(() => {
    // Capturing, so the question comes before the router follows the link.
    const ask = (event: MouseEvent) => {
      if (!current.current || event.defaultPrevented) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      if (!window.confirm('Some of your comments are not saved yet. Leave this page anyway?')) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    document.addEventListener('click', ask, true);
    return () => document.removeEventListener('click', ask, true);
  }, []);
}

interface ReportEditorProps {
  resultId: string;
  data: AdminReportResponse;
  back: ReactNode;
}

function ReportEditor({ resultId, data, back }: ReportEditorProps) {
  const { content, mailConfigured } = data;
  const [report, setReport] = useState<ReportState>(data.report);
  const autosave = useCommentAutosave({ resultId, report: data.report, onSaved: setReport });
  const download = useDownload();
  const [open, setOpen] = useState<'send' | 'versions' | 'revoke' | null>(null);
  const [revoking, setRevoking] = useState(false);
  const close = () => setOpen(null);
  const activeLinks = report.links.filter((link) => link.status === 'active').length;
  useLeaveGuard(autosave.unsaved);

  async function revoke() {
    setRevoking(true);
    try {
      const answer = await reportsApi.revokeReport(resultId);
      setReport(answer.report);
      notifySuccess(answer.message, 'Links revoked');
      close();
    } catch (error) {
      notifyError(error, 'The links were not revoked');
    } finally {
      setRevoking(false);
    }
  }

  // The PDF is made from the saved comments: what was just typed is saved first.
  const pdf = async () => {
    await autosave.flush();
    await download.start('Download PDF', {
      path: reportsApi.downloadPaths.pdf(resultId),
      fallbackName: `report-${content.participant.name.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`,
    });
  };

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2" className={classes.title}>
            Report on {content.participant.name}
          </Title>
          <Text c="dimmed" size="sm" {...printHidden}>
            {reportStatusText(report)}
          </Text>
        </Stack>
        <Group gap="xs" {...printHidden}>
          <Button variant="default" onClick={() => setOpen('versions')}>
            Versions
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="default"
            leftSection={<DownloadIcon size={16} />}
            onClick={() => void pdf()}
            disabled={download.busy}
          >
            Download PDF
          </Button>
          <Button leftSection={<MailIcon size={16} />} onClick={() => setOpen('send')}>
            Send report
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<BanIcon size={16} />}
            onClick={() => setOpen('revoke')}
            disabled={activeLinks === 0}
          >
            Revoke links
          </Button>
        </Group>
      </Group>

      <Stack gap="sm" {...printHidden}>
        <SaveStatus status={autosave.status} unsaved={autosave.unsaved} onRetry={autosave.retry} />
        {autosave.status.kind === 'conflict' && <ConflictNotice onLoadLatest={autosave.loadLatest} />}
        {autosave.restored && (
          <Alert
            color="blue"
            title="Unsaved text put back"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={autosave.dismissRestored}
          >
            What you had typed here and was not saved yet is back in the editor, and is being saved.
          </Alert>
        )}
        {autosave.keptText && <KeptText comments={autosave.keptText} onDismiss={autosave.dismissKeptText} />}
        <DownloadStatus {...download.view} />
      </Stack>

      <ReportDocument
        content={content}
        comments={autosave.draft}
        releasedAt={report.releasedAt}
        renderOverallComment={() => <OverallEditor autosave={autosave} />}
        renderCategoryComment={(name) => <CategoryEditor autosave={autosave} name={name} />}
      />

      <div {...printHidden}>
        <ReportDelivery report={report} />
      </div>

      <VersionsDialog
        opened={open === 'versions'}
        resultId={resultId}
        currentVersion={report.version}
        onClose={close}
        onRestore={(version) => {
          autosave.restore(version.comments);
          close();
          notifySuccess(`Version ${version.version} is in the editor again, saved as the newest version.`, 'Restored');
        }}
      />
      <SendReportDialog
        opened={open === 'send'}
        resultId={resultId}
        email={content.participant.email}
        mailConfigured={mailConfigured}
        beforeSend={autosave.flush}
        onSent={(sent) => setReport(sent.report)}
        onClose={close}
      />
      <ConfirmDialog
        opened={open === 'revoke'}
        title="Revoke links"
        message="Every active link to this report stops working at once: the participant is told it was withdrawn. Sending the report again makes a new link."
        confirmLabel="Revoke links"
        busy={revoking}
        onConfirm={() => void revoke()}
        onCancel={close}
      />
    </Stack>
  );
}

function OverallEditor({ autosave }: { autosave: CommentAutosave }) {
  return (
    <CommentEditor
      label="Overall comment"
      value={autosave.draft.overall}
      onChange={autosave.setOverall}
      onBlur={autosave.retry}
      maxLength={limits.reportComment}
      printed={{ label: "Doctor's comment" }}
    />
  );
}

function CategoryEditor({ autosave, name }: { autosave: CommentAutosave; name: string }) {
  return (
    <CommentEditor
      label={`Comment on ${name}`}
      value={autosave.draft.categories[name] ?? ''}
      onChange={(text) => autosave.setCategory(name, text)}
      onBlur={autosave.retry}
      maxLength={limits.reportComment}
      printed={{ label: `Doctor's comment on ${name}`, caption: "Doctor's comment" }}
    />
  );
}
