import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { participantApi, paths, rateLimitMessage, storageKeys, writeStored } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { readParticipantDetails, saveParticipantDetails, type ParticipantDetails } from '../../lib/participant-details';
import { clearQuizProgress } from '../../lib/quiz-progress';
import { DIGITS_PATTERN, EMAIL_PATTERN } from '../../lib/validation';

type Errors = Partial<Record<keyof ParticipantDetails, string>>;

/** Spec section 5, details form. */
export function validateDetails(values: ParticipantDetails): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (!values.phone.trim()) errors.phone = 'Phone number is required';
  else if (!DIGITS_PATTERN.test(values.phone.trim())) errors.phone = 'Phone number must contain digits only';
  return errors;
}

/** `/`: the participant gives name, email and phone before the assessment. */
export function DetailsScreen() {
  const navigate = useNavigate();
  const [values, setValues] = useState<ParticipantDetails>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  /** A field's name, value, error and change handler (a change clears its error). */
  const field = (name: keyof ParticipantDetails) => ({
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateDetails(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const details = { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() };
    setSubmitting(true);
    try {
      const res = await participantApi.validateUser(details);
      // Someone else on this browser: their unfinished quiz must not carry over to this participant.
      const previous = readParticipantDetails();
      if (previous && previous.email.toLowerCase() !== details.email.toLowerCase()) clearQuizProgress();
      saveParticipantDetails(details);
      if (res.status) {
        writeStored(storageKeys.previousAnswers, JSON.stringify(res.response));
        writeStored(storageKeys.scoreResults, JSON.stringify(res.results));
        navigate(paths.thankyou);
      } else {
        navigate(paths.welcome);
      }
    } catch (error) {
      const message = rateLimitMessage(error) ?? 'Something went wrong, please try again!';
      notifications.show({ color: 'red', title: 'Error', message });
      setSubmitting(false);
    }
  }

  return (
    <>
      <AppHeader />
      <Container size={480} py="xl" px="md">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
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
                inputMode="numeric"
                autoComplete="tel"
                placeholder="03XXXXXXXXX"
                maxLength={32}
                {...field('phone')}
              />
              <Button type="submit" size="md" loading={submitting} fullWidth>
                Continue
              </Button>
            </Stack>
          </form>
        </Paper>
      </Container>
    </>
  );
}
