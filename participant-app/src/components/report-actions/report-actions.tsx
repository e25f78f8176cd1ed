import { Button, Group } from '@mantine/core';
import { printHidden } from '@prometrica/shared-api/report';

export interface ReportActionsProps {
  /** Where the report's PDF is downloaded from; without it only Print is offered. */
  pdfHref?: string;
}

/** Download PDF (when the copy has one) and Print, above a report; never printed themselves. */
export function ReportActions({ pdfHref }: ReportActionsProps) {
  return (
    <Group gap="sm" {...printHidden}>
      {pdfHref && (
        <Button component="a" href={pdfHref} download>
          Download PDF
        </Button>
      )}
      <Button variant={pdfHref ? 'default' : 'filled'} onClick={() => window.print()}>
        Print
      </Button>
    </Group>
  );
}

/** The participant's report pages are wider than the form screens: the answers table needs room. */
export const reportPageWidth = 960;
