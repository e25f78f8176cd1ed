import { NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import type { FieldBinding } from '../../../lib/use-form-fields';
import { phoneTyping } from '../../../lib/phone';
import type { NewUserValues, RoleChoice, UserFormValues } from '../utils/user-form';

export interface UserFieldsProps {
  form: {
    /** A new account's values carry its password, and the browser is asked not to fill them in. */
    values: UserFormValues & { password?: string };
    field: (name: keyof NewUserValues, disabled: boolean, clean?: (text: string) => string) => FieldBinding;
  };
  saving: boolean;
  roles: RoleChoice[];
  /** A line under the role, e.g. who may choose Admin. */
  roleDescription?: string;
}

/** The account's fields, shared by the add-user screen and the edit modal. */
export function UserFields({ form, saving, roles, roleDescription }: UserFieldsProps) {
  const newAccount = form.values.password !== undefined;
  const autoComplete = newAccount ? 'off' : undefined;
  return (
    <>
      <TextInput label="Name" withAsterisk autoComplete={autoComplete} {...form.field('name', saving)} />
      <TextInput label="Email" type="email" withAsterisk autoComplete={autoComplete} {...form.field('email', saving)} />
      {newAccount && (
        <PasswordInput
          label="Password"
          withAsterisk
          autoComplete="new-password"
          {...form.field('password', saving)}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
        />
      )}
      <TextInput
        label="Phone number"
        type="tel"
        inputMode="tel"
        placeholder="03XXXXXXXXX"
        withAsterisk
        {...form.field('phoneNumber', saving, phoneTyping)}
      />
      <NativeSelect
        label="Role"
        withAsterisk
        data={roles}
        {...form.field('role', saving)}
        description={roleDescription}
      />
    </>
  );
}
