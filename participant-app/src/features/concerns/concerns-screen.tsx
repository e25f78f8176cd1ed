import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Container, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { concernRatingsApi, paths } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { pageWidth } from '../../components/page';
import { RefusedHere } from '../../components/resume-link';
import { LoadingStatus, RetryAlert } from '../../components/status';
import { useFormSubmission } from '../../lib/use-form-submission';
import { ConcernRow } from './components/concern-row';
import { carrySelections, ratingOptions, type RatedConcern, type Selections } from './concerns';
import { useConcerns } from './hooks/use-concerns';
import classes from './concerns-screen.module.css';

const SELECT_ONE = 'Please select at least one concern to submit';
const NEEDS_LIST = 'The list of concerns must load before your assessment can be submitted';

/** Only concerns with a choice are sent, one option each. */
export function ratingsOf(concerns: RatedConcern[], selections: Selections) {
  return concerns.flatMap((concern) => {
    const choice = selections[concern.key];
    const option = choice === undefined ? undefined : concern.options[choice];
    return concern.id && option ? [{ complaintId: concern.id, botherOptions: [option] }] : [];
  });
}

/** `/complaint-list`: the final, optional workplace-concerns assessment. */
export function ConcernsScreen() {
  const { load, retry } = useConcerns();
  const [selections, setSelections] = useState<Selections>({});
  const { submitting, setSubmitting, failure, setFailure, refusal, send } = useFormSubmission('assessment');
  const submitRef = useRef<HTMLButtonElement>(null);

  const concerns = useMemo(() => (load.status === 'loading' ? [] : load.concerns), [load]);
  const isFallback = load.status === 'failed';

  // A reloaded list keeps the choices already made on the fallback list.
  useEffect(() => {
    if (concerns.length > 0) setSelections((current) => carrySelections(current, concerns));
  }, [concerns]);

  const selectedCount = concerns.filter((c) => selections[c.key] !== undefined).length;
  const blockedReason = selectedCount === 0 ? SELECT_ONE : isFallback ? NEEDS_LIST : null;
  const blocked = blockedReason !== null || submitting;

  function choose(key: string, choice: number | null) {
    setFailure(null);
    setSelections((current) => {
      const next = { ...current };
      if (choice === null) delete next[key];
      else next[key] = choice;
      return next;
    });
  }

  function clearAll() {
    setSelections({});
    setFailure(null);
    // The Clear button disappears with the choices: keep keyboard focus on the form's next step.
    submitRef.current?.focus();
  }

  async function submit() {
    if (blocked) return;
    setSubmitting(true);
    setFailure(null);
    await send(
      () => concernRatingsApi.submitConcernRatings(ratingsOf(concerns, selections)),
      {
        title: 'Assessment recorded',
        message: 'Thank you! Your workplace concerns assessment has been recorded successfully.',
      },
      paths.thankyou,
    );
  }

  return (
    <>
      <AppHeader />
      <Container size={pageWidth} py={{ base: 'lg', sm: 40 }} px="md">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Workplace Concerns Assessment
            </Title>
            <Text mt="xs">
              This final step is optional. How much does each of these concerns bother you at work? Choose at most one
              answer per concern; choose it again to clear it.
            </Text>
          </div>

          {isFallback && (
            <RetryAlert title="Workplace concerns could not be loaded" onRetry={retry} gap="xs">
              <Text size="sm">Failed to load workplace concerns. Please refresh the page and try again.</Text>
              <Text size="sm">
                The standard concerns are shown below so you can see what is asked, but your answers can only be
                submitted once the list loads. You can retry now, or skip the assessment.
              </Text>
            </RetryAlert>
          )}

          {load.status === 'loading' && <LoadingStatus>Loading workplace concerns...</LoadingStatus>}

          {load.status === 'ready' && concerns.length === 0 && (
            <Text>There are no workplace concerns to rate at the moment.</Text>
          )}

          {concerns.length > 0 && (
            <div className={classes.table}>
              <div className={classes.header} aria-hidden="true">
                <span>Concern</span>
                {ratingOptions.map((option) => (
                  <span key={option.value}>{option.heading}</span>
                ))}
              </div>
              {concerns.map((concern) => (
                <ConcernRow
                  key={concern.key}
                  concern={concern}
                  choice={selections[concern.key]}
                  onChoose={(choice) => choose(concern.key, choice)}
                />
              ))}
            </div>
          )}

          {selectedCount > 0 && (
            <Group>
              <Button variant="subtle" onClick={clearAll}>
                Clear All Selections
              </Button>
            </Group>
          )}

          {failure && (
            <Alert color="red" title="Your assessment was not sent">
              {failure}
            </Alert>
          )}
          {refusal && <RefusedHere {...refusal} />}

          <Group justify="space-between" gap="sm">
            <Button component={Link} to={paths.thankyou} variant="default" size="md">
              Skip Assessment
            </Button>
            {load.status !== 'loading' && concerns.length > 0 && (
              <Tooltip
                label={blockedReason}
                disabled={!blockedReason || submitting}
                events={{ hover: true, focus: true, touch: true }}
                multiline
                maw={280}
              >
                <Button
                  ref={submitRef}
                  size="md"
                  loading={submitting}
                  data-disabled={blocked || undefined}
                  aria-disabled={blocked}
                  onClick={(event) => {
                    if (blocked) event.preventDefault();
                    else void submit();
                  }}
                >
                  Submit Assessment
                </Button>
              </Tooltip>
            )}
          </Group>
        </Stack>
      </Container>
    </>
  );
}
