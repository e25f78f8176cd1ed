import { useState } from 'react';

/** The message for each field that breaks a rule. */
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** What a text input takes from the form for one field. */
export interface FieldBinding {
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error: string | undefined;
  disabled: boolean;
}

const anyMessage = (errors: object) => Object.values(errors).some(Boolean);

/**
 * A form's values and the messages of its fields: editing a field clears its message, and `check`
 * applies the rules and tells whether the form may be sent (`invalid` says whether the messages
 * found stop it, for messages that are not one per field).
 */
export function useFormFields<V extends object, E extends FieldErrors<V> = FieldErrors<V>>(
  initial: V,
  rules: (values: V) => E,
  invalid: (errors: E) => boolean = anyMessage,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<E>({} as E);

  function set<K extends keyof V>(field: K, value: V[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function check(): boolean {
    const found = rules(values);
    setErrors(found);
    return !invalid(found);
  }

  /** Shows `message` at `field` when the form has such a field (a refusal the server names a field for); false otherwise. */
  function showAt(field: string, message: string): boolean {
    if (!Object.prototype.hasOwnProperty.call(values, field)) return false;
    setErrors((e) => ({ ...e, [field]: message }));
    return true;
  }

  /** An input's value, change handler, message and disabled state for a text field (`clean` rewrites what is typed). */
  function field<K extends keyof V>(name: K, disabled: boolean, clean?: (text: string) => string): FieldBinding {
    return {
      value: String(values[name] ?? ''),
      onChange: (event: { currentTarget: { value: string } }) => {
        const text = event.currentTarget.value;
        set(name, (clean ? clean(text) : text) as V[K]);
      },
      error: (errors as FieldErrors<V>)[name],
      disabled,
    };
  }

  return { values, setValues, errors, setErrors, set, check, field, showAt };
}
