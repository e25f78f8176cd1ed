import { Text } from '@mantine/core';

/** The participant's resume code, with what it is for (quiz and thank-you screens). */
export function ResumeCode({ code }: { code: string }) {
  return (
    <Text size="xs" c="dimmed">
      Resume code: <strong data-resume-code="">{code}</strong> — use it with your email to continue on another device
    </Text>
  );
}
