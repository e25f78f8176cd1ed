import { NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import { digitsOnly, type NewUserValues, type RoleChoice, type UserFormErrors, type UserFormValues } from '../utils/user-form';

export interface UserFieldsProps {
  /** A new account's values carry its password, and the browser is asked not to fill them in. */
  values: UserFormValues & { password?: string };
  errors: UserFormErrors;
  set: (field: keyof NewUserValues, value: string) => void;
  saving: boolean;
  roles: RoleChoice[];
  /** A line under the role, e.g. who may choose Admin. */
  roleDescription?: string;
}

/** The account's fields, shared by the add-user screen and the edit modal. */
export function UserFields({ values, errors, set, saving, roles, roleDescription }: UserFieldsProps) {
  const newAccount = values.password !== undefined;
  const autoComplete = newAccount ? 'off' : undefined;
  return (
    <>
      <TextInput
        label="Name"
        withAsterisk
        autoComplete={autoComplete}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        disabled={saving}
      />
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        autoComplete={autoComplete}
        value={values.email}
        onChange={(e) => set('email', e.currentTarget.value)}
        error={errors.email}
        disabled={saving}
      />
      {newAccount && (
        <PasswordInput
          label="Password"
          withAsterisk
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={errors.password}
          disabled={saving}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
        />
      )}
      <TextInput
        label="Phone number"
        inputMode="numeric"
        placeholder="03XXXXXXXXX"
        withAsterisk
        value={values.phoneNumber}
        onChange={(e) => set('phoneNumber', digitsOnly(e.currentTarget.value))}
        error={errors.phoneNumber}
        disabled={saving}
      />
      <NativeSelect
        label="Role"
        withAsterisk
        value={values.role}
        data={roles}
        onChange={(e) => set('role', e.currentTarget.value)}
        error={errors.role}
        disabled={saving}
        description={roleDescription}
      />
    </>
  );
}
