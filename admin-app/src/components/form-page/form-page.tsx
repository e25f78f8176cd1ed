import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { PageHeader } from '../page-header';

export interface FormPageProps {
  /** The heading; the form is named after it in sentence case (`Add User`: the form `Add user`). */
  title: string;
  description: string;
  /** A button back to the list the form adds to. */
  back?: { to: string; label: string };
  /** The page's greatest width. */
  maw?: number;
  onSubmit: (event: FormEvent) => void;
  /** Shown between the heading and the form, e.g. a failed load the form needs. */
  notice?: ReactNode;
  /** The fields and the `SubmitRow`. */
  children: ReactNode;
}

/** A screen that is one form: its heading, then the form in a bordered panel. */
export function FormPage({ title, description, back, maw = 760, onSubmit, notice, children }: FormPageProps) {
  return (
    <Stack gap="lg" maw={maw}>
      <PageHeader
        title={title}
        description={description}
        actions={
          back && (
            <Button component={Link} to={back.to} variant="default">
              {back.label}
            </Button>
          )
        }
      />
      {notice}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate aria-label={`${title.charAt(0)}${title.slice(1).toLowerCase()}`}>
          {children}
        </form>
      </Paper>
    </Stack>
  );
}

/** The submit button at the foot of a form, with its loader while the form is sent. */
export function SubmitRow({ label, saving, mt = 'lg' }: { label: string; saving: boolean; mt?: string }) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button type="submit" loading={saving}>
        {label}
      </Button>
    </Group>
  );
}
