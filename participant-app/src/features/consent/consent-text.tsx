import { Stack, Text, Title } from '@mantine/core';

/** The consent and confidentiality terms the participant signs. */
export function ConsentText() {
  return (
    <Stack gap="sm">
      <Text>
        Prometrica is a computerized assessment built on over 40 years of data gathered from over 5,500 professionals
        and executives. By signing below you agree to take part in the assessment and to the use of your responses as
        described here.
      </Text>
      <Title order={2} size="h4">
        Purpose
      </Title>
      <Text>
        Your answers are used to prepare a personal report on how you function today: behaviour patterns, growth
        opportunities and hidden risks. The assessment is not therapy and does not give a medical diagnosis.
      </Text>
      <Title order={2} size="h4">
        Confidentiality
      </Title>
      <Text>
        Your details, your answers and your signature are kept confidential. They are seen only by the doctor who
        prepares your report and by the staff who run the assessment, and they are not shared with your employer or any
        other third party without your written permission, unless the law requires it.
      </Text>
      <Title order={2} size="h4">
        Taking part
      </Title>
      <Text>Taking part is voluntary. You may stop at any time before you submit your answers.</Text>
      <Title order={2} size="h4">
        Governing law
      </Title>
      <Text>This agreement is governed by the laws of the State of New York.</Text>
    </Stack>
  );
}
