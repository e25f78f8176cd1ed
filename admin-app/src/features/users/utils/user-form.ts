import { passwordRuleProblem, type Role, type User } from '@prometrica/shared-api';
import { emailError } from '../../../lib/email';
import { phoneError } from '../../../lib/phone';

export interface UserFormValues {
  name: string;
  email: string;
  phoneNumber: string;
  role: string;
}

export interface NewUserValues extends UserFormValues {
  password: string;
}

export type UserFormErrors = Partial<Record<keyof NewUserValues, string>>;

/**
 * Spec section 5, add user (the password rules apply when `password` is given: the server's rules
 * for a new password and its messages, but for the list of common passwords, which only the
 * server holds; its refusal is shown at the field too).
 */
export function validateUser(values: UserFormValues & { password?: string }): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  // The server's rule (zod's email pattern), told at the field before anything is sent.
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (values.password !== undefined) {
    if (!values.password) errors.password = 'Password is required';
    else {
      const problem = passwordRuleProblem(values.password, { email: values.email, name: values.name }, 'Password');
      if (problem) errors.password = problem;
    }
  }
  if (!values.role) errors.role = 'Role is required';
  const phone = phoneError(values.phoneNumber, 'Phone number', true);
  if (phone) errors.phoneNumber = phone;
  return errors;
}

/** Only a superadmin may manage a superadmin's account. */
export function canManage(account: Pick<User, 'role'>, myRole: Role | undefined): boolean {
  return account.role !== 'superadmin' || myRole === 'superadmin';
}

/**
 * Why the signed-in account may not edit `account`, or undefined when it may: everyone edits their
 * own; another admin's or a superadmin's account only a superadmin (the server's rule).
 */
export function editBlockedBecause(account: Pick<User, '_id' | 'role'>, me: Pick<User, '_id' | 'role'> | null) {
  if (account._id === me?._id || me?.role === 'superadmin') return undefined;
  if (account.role === 'superadmin') return 'Only a superadmin can edit a superadmin';
  if (account.role === 'admin') return 'Only a superadmin can edit another admin';
  return undefined;
}

export interface RoleChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Roles the add-user form offers: Admin only to a superadmin (spec section 6). */
export function newUserRoleChoices(myRole: Role | undefined): RoleChoice[] {
  const choices: RoleChoice[] = [
    { value: '', label: 'Select a role' },
    { value: 'user', label: 'User' },
  ];
  if (myRole === 'superadmin') choices.push({ value: 'admin', label: 'Admin' });
  return choices;
}

/**
 * Roles the edit modal offers: User and Admin, Admin selectable only by a superadmin (or kept when
 * the account already is one). A superadmin's own role is shown so it is never changed by accident.
 */
export function editRoleChoices(account: Pick<User, 'role'>, myRole: Role | undefined): RoleChoice[] {
  const choices: RoleChoice[] = [
    { value: '', label: 'Select a role' },
    { value: 'user', label: 'User' },
    { value: 'admin', label: 'Admin', disabled: myRole !== 'superadmin' && account.role !== 'admin' },
  ];
  if (account.role === 'superadmin') choices.push({ value: 'superadmin', label: 'Superadmin' });
  return choices;
}
