import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { paths, progressApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { failureMessage } from '../../lib/errors';
import { readParticipantDetails } from '../../lib/participant-details';
import { arriveWith } from '../../lib/participant-session';
import { EMAIL_PATTERN } from '../../lib/validation';

interface Values {
  email: string;
  code: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** The email and resume code must be there (the server checks the code). */
export function validateResume(values: Values): Errors {
  const errors: Errors = {};
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (!values.code.trim()) errors.code = 'Resume code is required';
  return errors;
}

/**
 * `/resume`: continues on this device with the email and the resume code shown on the quiz and
 * thank-you screens; the participant goes on from where they stand.
 */
export function ResumeScreen() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => ({ email: readParticipantDetails()?.email ?? '', code: '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof Values) => ({
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
    const found = validateResume(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const res = await progressApi.resume({ email: values.email.trim(), code: values.code.trim() });
      navigate(arriveWith(res.progress), { replace: true });
    } catch (error) {
      setFailure(failureMessage(error, 'Something went wrong, please try again!'));
      setSubmitting(false);
    }
  }

  return (
    <>
      <AppHeader />
      <Container size={480} py="xl" px="md">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={submit} noValidate aria-label="Continue with your resume code">
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  Continue your assessment
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  Enter your email and the resume code shown on your quiz or thank-you screen. You go on from where you
                  left off.
                </Text>
              </div>
              <TextInput label="Email" type="email" autoComplete="email" maxLength={254} {...field('email')} />
              <TextInput
                label="Resume code"
                placeholder="XXXXX-XXXXX"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={32}
                {...field('code')}
              />
              {failure && (
                <Alert color="red" title="You could not continue">
                  {failure}
                </Alert>
              )}
              <Button type="submit" size="md" loading={submitting} fullWidth>
                Continue
              </Button>
              <Button component={Link} to={paths.details} variant="subtle">
                Start with your details instead
              </Button>
            </Stack>
          </form>
        </Paper>
      </Container>
    </>
  );
}
