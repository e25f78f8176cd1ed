import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { submissionErrorMessage, type SubmissionForm } from './submission-messages';

/** What the participant is told once a form has gone through. */
export interface SentNotice {
  title: string;
  message: string;
  color?: string;
}

/**
 * Sending the consent or the concerns assessment: `send` runs the request; once it is accepted the
 * participant is told so (`success`, or what it makes of the request's result) and moves on to
 * `next`, and a failure is said in the words of spec section 8 and gives the form back.
 */
export function useFormSubmission(form: SubmissionForm) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function send<T>(request: () => Promise<T>, success: SentNotice | ((result: T) => SentNotice), next: string) {
    try {
      const result = await request();
      notifications.show({ color: 'green', ...(typeof success === 'function' ? success(result) : success) });
      navigate(next);
    } catch (error) {
      setFailure(submissionErrorMessage(form, error));
      setSubmitting(false);
    }
  }

  return { submitting, setSubmitting, failure, setFailure, send };
}
