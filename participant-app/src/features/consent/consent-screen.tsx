import '@fontsource/dancing-script/400.css';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Container,
  Divider,
  Group,
  Input,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { currentConsentText, isApiError, paths, progressApi, quizApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { pageWidth } from '../../components/page';
import { RefusedHere } from '../../components/resume-link';
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

// Only a participant who chooses to draw needs the pad.
const SignaturePad = lazy(() => import('./components/signature-pad'));

/** How the signature is made: drawn from the typed name, or by finger or mouse on the pad. */
type Method = 'typed' | 'drawn';

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

/**
 * `/consent-form`: the participant reads the terms and signs, with their typed name (the signature
 * is drawn from it) or by drawing on a pad.
 */
export function ConsentScreen() {
  const navigate = useNavigate();
  const signatureId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [name, setName] = useState(() => readParticipantDetails()?.name ?? '');
  const [date, setDate] = useState(() => todayIso());
  const [fontReady, setFontReady] = useState(false);
  const [method, setMethod] = useState<Method>('typed');
  const [signature, setSignature] = useState<string | null>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { submitting, setSubmitting, failure, setFailure, refusal, send } = useFormSubmission('consent');

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

  // A participant whose consent is on record goes on to the questions; one without a name here
  // (details kept on another device) gets the one they gave.
  useEffect(
    () =>
      settleWhileLive(progressApi.getProgress(), (progress) => {
        if (progress.consent !== null) navigate(paths.question, { replace: true });
        else if (progress.participant.name) setName((current) => current || progress.participant.name);
      }),
    [navigate],
  );

  // The signature follows the typed name; drawn only once the handwriting font is ready.
  const signedName = name.trim();
  useEffect(() => {
    if (!fontReady || method !== 'typed') return;
    const image = renderSignature(canvasRef.current, signedName);
    setSignature(image);
    if (image) setErrors((e) => ({ ...e, signature: undefined }));
  }, [fontReady, signedName, method]);

  function drawnChanged(image: string | null) {
    setDrawn(image);
    if (image) setErrors((e) => ({ ...e, signature: undefined }));
  }

  function switchTo(next: Method) {
    setMethod(next);
    setErrors((e) => ({ ...e, signature: undefined }));
    if (next === 'drawn') setDrawn(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    let image: string | null = method === 'drawn' ? drawn : null;
    if (method === 'typed' && signedName) {
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
    const signed = { imageBase64: image, date, signedName, textVersion: currentConsentText.version, method };
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
      <Container size={pageWidth} py={{ base: 'lg', sm: 40 }} px="md">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Title order={1} size="h2">
              Consent and Confidentiality Agreement
            </Title>
            <ConsentText text={currentConsentText} />
            <Divider />
            <form onSubmit={submit} noValidate aria-label="Sign the agreement">
              <Stack gap="md">
                <Text>
                  {method === 'typed'
                    ? 'Type your full name to sign this agreement.'
                    : 'Type your full name and draw your signature to sign this agreement.'}
                </Text>
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
                  description={method === 'typed' ? 'Drawn from the name you type.' : 'Drawn by you, below.'}
                  error={errors.signature}
                  errorProps={{ id: signatureErrorId }}
                >
                  {method === 'typed' ? (
                    <canvas
                      ref={canvasRef}
                      width={SIGNATURE_SIZE.width}
                      height={SIGNATURE_SIZE.height}
                      role="img"
                      aria-label={
                        signature ? `Signature of ${signedName}` : 'Signature, empty until you type your name'
                      }
                      aria-describedby={errors.signature ? signatureErrorId : undefined}
                      className={
                        errors.signature ? `${classes.signature} ${classes.signatureInvalid}` : classes.signature
                      }
                    />
                  ) : (
                    <Suspense
                      fallback={
                        <Group gap="xs" py="md">
                          <Loader size="sm" aria-hidden="true" />
                          <Text size="sm">Loading the signature pad...</Text>
                        </Group>
                      }
                    >
                      <SignaturePad
                        onChange={drawnChanged}
                        invalid={Boolean(errors.signature)}
                        errorId={errors.signature ? signatureErrorId : undefined}
                      />
                    </Suspense>
                  )}
                </Input.Wrapper>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  w="fit-content"
                  onClick={() => switchTo(method === 'typed' ? 'drawn' : 'typed')}
                >
                  {method === 'typed' ? 'Draw instead' : 'Type instead'}
                </Button>
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
                {refusal && <RefusedHere {...refusal} />}
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
