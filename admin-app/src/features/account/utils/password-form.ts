import { passwordRuleProblem, type PasswordOwner } from '@prometrica/shared-api';

export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, string>>;

/**
 * The new password follows the server's rules for a new one (not the common-password list, which
 * only the server holds) for the signed-in account (`owner`) and must be typed twice alike.
 */
export function validatePasswordForm(values: PasswordFormValues, owner?: Partial<PasswordOwner>): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required';
  if (!values.newPassword) errors.newPassword = 'New password is required';
  else {
    const problem = passwordRuleProblem(values.newPassword, owner ?? {}, 'New password');
    if (problem) errors.newPassword = problem;
  }
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
