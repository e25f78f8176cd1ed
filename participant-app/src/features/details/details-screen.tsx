import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isApiError,
  participantApi,
  paths,
  progressApi,
  rateLimitMessage,
  storageKeys,
  writeStored,
} from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { ResumeLink } from '../../components/resume-link';
import { enterParticipant, type ParticipantDetails } from '../../lib/participant-details';
import { settleWhileLive } from '../../lib/settle-while-live';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../lib/validation';
import { readPaintedForm, rereadPaintedForm, type PaintedForm } from './painted-form';

type Errors = Partial<Record<keyof ParticipantDetails, string>>;

/**
 * A field in error keeps its text and placeholder colours: only the border and the message turn
 * red (Mantine reddens both, and a red placeholder such as the phone's reads like a typed value).
 */
const calmInError = {
  input: {
    '--input-color': 'var(--mantine-color-text)',
    '--input-placeholder-color': 'var(--mantine-color-placeholder)',
  },
} as const;

/** A phone number typed with other characters than the server reads one from. */
const phoneCharactersMessage = 'Phone number may contain only digits, spaces, dashes, dots, brackets and a leading +';
/** The server's refusal of a number that is not a possible one (in E.164, as it keeps them), told at the field. */
const phoneInvalidMessage =
  'Please enter a valid phone number (an international one starts with + and its country code)';

/** Spec section 5, details form. */
export function validateDetails(values: ParticipantDetails): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (!values.phone.trim()) errors.phone = 'Phone number is required';
  else if (!PHONE_PATTERN.test(values.phone.trim())) errors.phone = phoneCharactersMessage;
  return errors;
}

/** What `/` says instead of the form when open entry is off. */
export const invitationOnlyMessage = 'This assessment is by invitation. Please use the link in your invitation.';

/**
 * `/`: the participant gives name, email and phone before the assessment. When the assessment is
 * by invitation only, it says so instead (the form painted before any script ran is replaced once
 * the server has said).
 */
export function DetailsScreen() {
  const navigate = useNavigate();
  // The form painted with the page, typed into before this screen took its place (painted-form.ts).
  const [painted] = useState<PaintedForm | undefined>(readPaintedForm);
  const [values, setValues] = useState<ParticipantDetails>(() => painted?.values ?? { name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [openEntry, setOpenEntry] = useState(true);
  /** The server's reply for an email whose assessment has started elsewhere (409). */
  const [startedElsewhere, setStartedElsewhere] = useState<string | null>(null);

  const inputs = useRef<Partial<Record<keyof ParticipantDetails, HTMLInputElement | null>>>({});
  const continueButton = useRef<HTMLButtonElement>(null);
  const handedOver = useRef(false);
  /** A send is on its way: a second press meanwhile sends nothing more. */
  const sending = useRef(false);

  // Before the live form is first seen: anything typed into the painted one since it was read, the
  // caret (or the focus on Continue) where it was, and a Continue pressed there sent now (once, even
  // when effects run twice).
  const handOver = useEffectEvent(() => {
    if (!painted || handedOver.current) return;
    handedOver.current = true;
    const latest = rereadPaintedForm(painted);
    setValues(latest.values);
    const focus = latest.focus;
    const input = focus && inputs.current[focus.name];
    if (focus && input) {
      // Its value now, ahead of the render setValues brings, so the caret can be put back in it.
      input.value = latest.values[focus.name];
      input.focus();
      try {
        input.setSelectionRange(focus.start, focus.end);
      } catch {
        // An email input has no selection to set: its caret stays at the end.
      }
    } else if (latest.continueFocused) continueButton.current?.focus();
    if (latest.submitted) void send(latest.values);
    else if (latest.pressed) {
      // Continue was pressed on the painted form (pointer, or Space) and is still held: released over
      // the live Continue (which has the focus now), it sends the form, as the browser fires no click
      // for a press and a release on two different buttons; released elsewhere or cancelled, it does
      // nothing, as on a button.
      const releases = ['pointerup', 'pointercancel', 'keyup'] as const;
      const release = (event: Event) => {
        if (event instanceof KeyboardEvent && event.key !== ' ') return;
        for (const type of releases) document.removeEventListener(type, release, true);
        const target = event.target;
        if (event.type !== 'pointercancel' && target instanceof Node && continueButton.current?.contains(target))
          sendNow();
      };
      for (const type of releases) document.addEventListener(type, release, true);
    }
  });
  /** The form as it is now (the press is released after the live form's first render). */
  const sendNow = useEffectEvent(() => void send(values));
  useLayoutEffect(() => handOver(), []);

  useEffect(() => settleWhileLive(progressApi.getParticipation(), (settings) => setOpenEntry(settings.openEntry)), []);

  /** A field's name, value, error and change handler (a change clears its error). */
  const field = (name: keyof ParticipantDetails) => ({
    name,
    value: values[name],
    error: errors[name],
    styles: calmInError,
    required: true,
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
      if (name === 'email') setStartedElsewhere(null);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(values);
  }

  async function send(values: ParticipantDetails) {
    const found = validateDetails(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || sending.current) return;
    sending.current = true;
    const details = { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() };
    setSubmitting(true);
    setStartedElsewhere(null);
    try {
      const res = await participantApi.validateUser(details);
      enterParticipant(details);
      if (res.status) {
        writeStored(storageKeys.previousAnswers, JSON.stringify(res.response));
        writeStored(storageKeys.scoreResults, JSON.stringify(res.results));
        navigate(paths.thankyou);
      } else {
        navigate(paths.welcome);
      }
    } catch (error) {
      sending.current = false;
      setSubmitting(false);
      if (isApiError(error) && error.status === 409) {
        setStartedElsewhere(error.message);
        return;
      }
      if (isApiError(error) && error.status === 403) {
        setOpenEntry(false);
        return;
      }
      if (isApiError(error) && error.status === 400 && error.error === 'phone') {
        setErrors({ phone: phoneInvalidMessage });
        return;
      }
      const message = rateLimitMessage(error) ?? 'Something went wrong, please try again!';
      notifications.show({ color: 'red', title: 'Error', message });
    }
  }

  return (
    <>
      <AppHeader />
      <Container size={480} py="xl" px="md">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          {openEntry ? (
            <form onSubmit={submit} noValidate aria-label="Account information">
              <Stack gap="md">
                <div>
                  <Title order={1} size="h2">
                    Account information
                  </Title>
                  <Text c="dimmed" size="sm" mt={4}>
                    Enter your details to begin the Prometrica assessment.
                  </Text>
                </div>
                <TextInput label="Full name" autoComplete="name" maxLength={200} {...field('name')} />
                <TextInput label="Email" type="email" autoComplete="email" maxLength={254} {...field('email')} />
                <TextInput
                  label="Phone number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="03XXXXXXXXX"
                  maxLength={32}
                  {...field('phone')}
                />
                {startedElsewhere !== null && (
                  <Alert color="orange" title="You have already started">
                    <Stack gap="sm" align="flex-start">
                      <Text size="sm">{startedElsewhere}</Text>
                      <ResumeLink variant="white" />
                    </Stack>
                  </Alert>
                )}
                <Button ref={continueButton} type="submit" size="md" loading={submitting} fullWidth>
                  Continue
                </Button>
              </Stack>
            </form>
          ) : (
            <Stack gap="md" align="flex-start">
              <Title order={1} size="h2">
                Prometrica assessment
              </Title>
              <Text>{invitationOnlyMessage}</Text>
              <Text c="dimmed" size="sm">
                Started already on another device? Continue with your email and resume code.
              </Text>
              <ResumeLink />
            </Stack>
          )}
        </Paper>
      </Container>
    </>
  );
}
