import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { paths } from '@prometrica/shared-api';

/** The way on for a participant whose assessment is held elsewhere: their email and resume code. */
export function ResumeLink({ variant = 'light' }: { variant?: 'light' | 'white' | 'default' }) {
  return (
    <Button component={Link} to={paths.resume} variant={variant} w={{ base: '100%', xs: 'auto' }}>
      Continue with your resume code
    </Button>
  );
}
