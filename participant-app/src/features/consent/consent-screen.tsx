import '@fontsource/dancing-script/400.css';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Container, Divider, Input, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isApiError, paths, quizApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { todayIso } from '../../lib/dates';
import { readParticipantDetails, saveParticipantDetails } from '../../lib/participant-details';
import { settleWhileLive } from '../../lib/settle-while-live';
import { useFormSubmission } from '../../lib/use-form-submission';
import { ConsentText } from './consent-text';
import { renderSignature, SIGNATURE_SIZE, waitForSignatureFont } from './signature';
import classes from './consent-screen.module.css';

interface Errors {
  name?: string;
  signature?: string;
  date?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Spec section 5, consent. */
export function validateConsent(values: { name: string; signature: string | null; date: string }): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Please enter your full name.';
  if (!values.signature) errors.signature = 'Signature is required.';
  if (!ISO_DATE.test(values.date)) errors.date = 'Please enter the date.';
  return errors;
}

const consentRecorded = {
  title: 'Consent recorded',
  message: 'Thank you! Your consent has been recorded successfully.',
};
const consentOnRecord = {
  color: 'blue',
  title: 'Consent already recorded',
  message: 'You have already signed the consent form.',
};

/** False for the server's refusal of a second consent (409); any other failure is thrown on. */
function signedBefore(error: unknown): false {
  if (isApiError(error) && error.status === 409) return false;
  throw error;
}

/** `/consent-form`: the participant reads the terms and signs with their typed name. */
export function ConsentScreen() {
  const signatureId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [name, setName] = useState(() => readParticipantDetails()?.name ?? '');
  const [date, setDate] = useState(() => todayIso());
  const [fontReady, setFontReady] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { submitting, setSubmitting, failure, setFailure, send } = useFormSubmission('consent');

  /** A typed field's props: its value, its message, and a change handler that also clears the message. */
  const bind = (field: 'name' | 'date', value: string, set: (value: string) => void) => ({
    required: true,
    value,
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(event.currentTarget.value);
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  useEffect(() => settleWhileLive(waitForSignatureFont(), () => setFontReady(true)), []);

  // The signature follows the typed name; drawn only once the handwriting font is ready.
  const signedName = name.trim();
  useEffect(() => {
    if (!fontReady) return;
    const image = renderSignature(canvasRef.current, signedName);
    setSignature(image);
    if (image) setErrors((e) => ({ ...e, signature: undefined }));
  }, [fontReady, signedName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    let image: string | null = null;
    if (signedName) {
      // The signature is drawn now, from the name as typed, once the handwriting font is there. A
      // press before the font has arrived, or after it but before the drawing it brings has shown,
      // goes through with the signature instead of being refused for one about to appear.
      setSubmitting(true);
      await waitForSignatureFont();
      image = renderSignature(canvasRef.current, signedName);
      setSignature(image);
    }
    const found = validateConsent({ name, signature: image, date });
    setErrors(found);
    if (Object.keys(found).length > 0 || !image) {
      setSubmitting(false);
      return;
    }
    const signed = { imageBase64: image, date };
    await send(
      async () => {
        // A participant who signed before (then reloaded, or came back) is refused a second consent
        // with a 409: theirs is on record, so they go on to the questions all the same.
        const recorded = await quizApi.addAgreement(signed).then(() => true, signedBefore);
        const details = readParticipantDetails();
        saveParticipantDetails({ name: signedName, email: details?.email ?? '', phone: details?.phone ?? '' });
        return recorded;
      },
      (recorded) => (recorded ? consentRecorded : consentOnRecord),
      paths.question,
    );
  }

  const signatureErrorId = `${signatureId}-error`;

  return (
    <>
      <AppHeader />
      <Container size={760} py={{ base: 'lg', sm: 40 }} px="md">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Title order={1} size="h2">
              Consent and Confidentiality Agreement
            </Title>
            <ConsentText />
            <Divider />
            <form onSubmit={submit} noValidate aria-label="Sign the agreement">
              <Stack gap="md">
                <Text>Type your full name to sign this agreement.</Text>
                <TextInput
                  label="Full name"
                  name="participantName"
                  autoComplete="name"
                  {...bind('name', name, setName)}
                  maxLength={200}
                />
                <Input.Wrapper
                  id={signatureId}
                  labelElement="div"
                  label="Signature"
                  description="Drawn from the name you type."
                  error={errors.signature}
                  errorProps={{ id: signatureErrorId }}
                >
                  <canvas
                    ref={canvasRef}
                    width={SIGNATURE_SIZE.width}
                    height={SIGNATURE_SIZE.height}
                    role="img"
                    aria-label={signature ? `Signature of ${signedName}` : 'Signature, empty until you type your name'}
                    aria-describedby={errors.signature ? signatureErrorId : undefined}
                    className={
                      errors.signature ? `${classes.signature} ${classes.signatureInvalid}` : classes.signature
                    }
                  />
                </Input.Wrapper>
                <TextInput
                  label="Date"
                  name="date"
                  type="date"
                  {...bind('date', date, setDate)}
                  w={{ base: '100%', xs: 220 }}
                />
                {failure && (
                  <Alert color="red" title="Your agreement was not sent">
                    {failure}
                  </Alert>
                )}
                <Button type="submit" size="md" loading={submitting} w={{ base: '100%', sm: 'fit-content' }}>
                  Sign and continue
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
