import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReportLink, ReportState } from '@prometrica/shared-api';
import { EmptyState, ListCard, ListCards, ListTable, ShortCell } from '../../../../components';
import { formatDateTime } from '../../../../lib/format-date';
import { useMatchesMedia } from '../../../../lib/use-media-query';

const linkColor: Record<ReportLink['status'], string> = { active: 'green', expired: 'gray', revoked: 'red' };
const linkLabel: Record<ReportLink['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/** Where the report stands: Draft, Released at, Opened at. */
export function reportStatusText(report: Pick<ReportState, 'status' | 'releasedAt' | 'openedAt'>): string {
  if (report.status === 'opened') return `Opened at ${formatDateTime(report.openedAt)}`;
  if (report.status === 'released') return `Released at ${formatDateTime(report.releasedAt)}`;
  return 'Draft: not released to the participant yet';
}

function LinkStatus({ link }: { link: ReportLink }) {
  return (
    <Badge color={linkColor[link.status]} variant="light">
      {linkLabel[link.status]}
    </Badge>
  );
}

/** The report's status and every link made for it: when made, until when, whether opened, where mailed. */
export function ReportDelivery({ report }: { report: ReportState }) {
  const small = useMatchesMedia('(max-width: 48em)');
  const links = report.links;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="report-delivery-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="report-delivery-heading">
          Delivery
        </Title>
        <Text size="sm" role="status" aria-label="Report status">
          {reportStatusText(report)}
        </Text>
        {links.length === 0 ? (
          <EmptyState title="No links yet" hint="Send report makes a link that opens the participant's copy." />
        ) : small ? (
          <ListCards label="Report links">
            {links.map((link) => (
              <ListCard
                key={link._id}
                title={`Made ${formatDateTime(link.createdAt)}`}
                badge={<LinkStatus link={link} />}
                fields={[
                  { label: 'Expires', value: formatDateTime(link.expiresAt) },
                  { label: 'Opened', value: formatDateTime(link.openedAt) },
                  { label: 'Mailed to', value: link.mailedTo ?? 'Copied' },
                ]}
              />
            ))}
          </ListCards>
        ) : (
          <ListTable
            minWidth={640}
            compact
            columns={['Created', 'Expires', 'Status', 'Opened', 'Mailed to']}
            short={['Created', 'Expires', 'Status', 'Opened']}
          >
            {links.map((link) => (
              <Table.Tr key={link._id}>
                <ShortCell>{formatDateTime(link.createdAt)}</ShortCell>
                <ShortCell>{formatDateTime(link.expiresAt)}</ShortCell>
                <ShortCell>
                  <LinkStatus link={link} />
                </ShortCell>
                <ShortCell>{formatDateTime(link.openedAt)}</ShortCell>
                <Table.Td>{link.mailedTo ?? 'Copied (not mailed)'}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
    </Paper>
  );
}
