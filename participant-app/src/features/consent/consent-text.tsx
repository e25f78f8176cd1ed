import { Fragment } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { ConsentTextVersion } from '@prometrica/shared-api';

/** The consent and confidentiality terms the participant signs, as the version holds them. */
export function ConsentText({ text }: { text: ConsentTextVersion }) {
  return (
    <Stack gap="sm">
      {text.sections.map((section, i) => (
        <Fragment key={section.heading ?? i}>
          {section.heading && (
            <Title order={2} size="h4">
              {section.heading}
            </Title>
          )}
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Fragment>
      ))}
    </Stack>
  );
}
