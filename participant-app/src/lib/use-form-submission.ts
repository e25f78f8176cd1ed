import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { refusedHere } from './participant-session';
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
 * `next`, and a failure is said in the words of spec section 8 and gives the form back. A refusal
 * of this browser's token (401, or 403 from another device's session) is no failure to retry:
 * `refusal` holds it, for the screen to offer the way on (participants never log in, so "log in
 * again" would send them nowhere).
 */
export function useFormSubmission(form: SubmissionForm) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ status: number; message: string } | null>(null);

  async function send<T>(request: () => Promise<T>, success: SentNotice | ((result: T) => SentNotice), next: string) {
    setRefusal(null);
    try {
      const result = await request();
      notifications.show({ color: 'green', ...(typeof success === 'function' ? success(result) : success) });
      navigate(next);
    } catch (error) {
      const refused = refusedHere(error);
      if (refused) setRefusal(refused);
      else setFailure(submissionErrorMessage(form, error));
      setSubmitting(false);
    }
  }

  return { submitting, setSubmitting, failure, setFailure, refusal, send };
}
