import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { submissionErrorMessage, type SubmissionForm } from './submission-messages';

/**
 * Sending the consent or the concerns assessment: `send` runs the request; once it is accepted the
 * participant is told so and moves on to `next`, and a failure is said in the words of spec
 * section 8 and gives the form back.
 */
export function useFormSubmission(form: SubmissionForm) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function send(request: () => Promise<unknown>, success: { title: string; message: string }, next: string) {
    try {
      await request();
      notifications.show({ color: 'green', ...success });
      navigate(next);
    } catch (error) {
      setFailure(submissionErrorMessage(form, error));
      setSubmitting(false);
    }
  }

  return { submitting, setSubmitting, failure, setFailure, send };
}
