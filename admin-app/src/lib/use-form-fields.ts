import { useState } from 'react';

/** The message for each field that breaks a rule. */
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * A form's values and the messages of its fields: editing a field clears its message, and `check`
 * applies the rules and tells whether the form may be sent.
 */
export function useFormFields<V extends object, E extends FieldErrors<V> = FieldErrors<V>>(initial: V, rules: (values: V) => E) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<E>({} as E);

  function set<K extends keyof V>(field: K, value: V[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function check(): boolean {
    const found = rules(values);
    setErrors(found);
    return !Object.values(found).some(Boolean);
  }

  return { values, setValues, errors, set, check };
}
