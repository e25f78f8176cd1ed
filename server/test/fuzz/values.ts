// Generators of awkward values: any code units, huge and deep inputs, wrong types, and values
// shaped like a zod schema (valid or noisy).

import fc from 'fast-check';
import type { z } from 'zod';
import { standardRatingOptions } from '../../src/modules/concerns/service';
import { png, signaturePng } from '../helpers/png';
import { quickPassword } from '../helpers/users';
import type { FuzzWorld } from './world';

/** A real PNG over the consent image's limits (too wide and tall). */
const oversizedPng = png(1600, 900).toString('base64');

/** Any UTF-16 code unit: NUL, control characters and lone surrogates included. */
export const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
export const printable = (maxLength: number) => fc.string({ maxLength });

const awkwardStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff x',
  '%',
  '%%',
  '%00',
  "'",
  '"',
  '\\',
  '\r\n',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  'true',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'ﷺ'.repeat(20),
  'Ǆǅǆ İı ß ẞ ﬃ',
] as const;

const hugeString = (maxLength: number) =>
  fc
    .tuple(fc.integer({ min: 300, max: maxLength }), fc.constantFrom('a', 'é', '😀', '\u0000', '%', ' '))
    .map(([length, unit]) => unit.repeat(length));

/** Text of every kind: short and long (up to `maxLength`), ASCII and not, with the characters that break things. */
export const textUpTo = (maxLength: number) =>
  fc.oneof(
    { weight: 5, arbitrary: printable(30) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 20 }) },
    { weight: 2, arbitrary: fc.constantFrom(...awkwardStrings) },
    { weight: 1, arbitrary: hugeString(maxLength) },
  );
export const anyText = textUpTo(20_000);

const deepArrays = fc.integer({ min: 1, max: 60 }).map((depth) => {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
});

/** A value of the wrong type for wherever it lands. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  anyText,
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(printable(10), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  deepArrays,
);

/**
 * Text for a field, biased by its name towards values that pass (so deeper code runs too); when
 * `noisy`, any text at all a third of the time.
 */
function textFor(
  world: FuzzWorld,
  key: string | undefined,
  format: string | undefined,
  noisy: boolean,
): fc.Arbitrary<string> {
  const plausible = (() => {
    if (format === 'email' || key === 'email') {
      return fc.oneof(
        fc.emailAddress(),
        fc.stringMatching(/^[a-z][a-z0-9.]{0,15}@[a-z]{1,10}\.(com|org|pk)$/),
        fc.constantFrom('participant@example.com', 'ADMIN@prometrica.local', 'a@b.co'),
      );
    }
    if (format === 'date' || key === 'date') {
      return fc.oneof(
        fc
          .date({ min: new Date('1000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10)),
        fc.constantFrom('2025-02-30', '2025-13-01', '0000-00-00', '2025-1-1', '2025-01-31T00:00:00Z'),
      );
    }
    switch (key) {
      case 'imageBase64':
        return fc.oneof(
          fc.base64String({ maxLength: 200 }),
          fc.constantFrom('data:image/png;base64,AAAA', '====', 'A', 'QQ===', signaturePng, oversizedPng),
        );
      case 'questionId':
        return fc.constantFrom(...world.questionIds);
      case 'complaintId':
        return fc.constantFrom(...world.concernIds);
      case 'category':
        return fc.constantFrom(...world.categoryNames, 'leadership', 'No such category');
      case 'botherOptions':
        return fc.constantFrom(...standardRatingOptions, 'a little', 'Not an option');
      case 'phone':
      case 'phoneNumber':
      case 'contactno':
        return fc.oneof(
          fc.stringMatching(/^\d{1,15}$/),
          fc.stringMatching(/^\d{16,24}$/),
          fc.constantFrom('+92 300 1234567', '+44 20 7946 0958', '03-00'),
        );
      case 'role':
        return fc.constantFrom('user', 'admin', 'superadmin', 'root', 'Admin');
      case 'password':
      case 'newPassword':
      case 'currentPassword':
        // Mostly too short for a new password, so few runs pay for a real scrypt; never the fixture
        // accounts' password, which would hash a new one.
        return fc.oneof(
          { weight: 6, arbitrary: fc.string({ maxLength: 11 }) },
          {
            weight: 1,
            arbitrary: fc.string({ minLength: 12, maxLength: 24 }).filter((text) => text !== quickPassword),
          },
        );
      default:
        return fc.string({ minLength: 1, maxLength: 20 });
    }
  })();
  return noisy ? fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 2, arbitrary: anyText }) : plausible;
}

type SchemaDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  format?: string;
};
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/**
 * Values shaped like `schema` (right keys, mostly right types, plausible text), with a wrong value
 * swapped in at any node when `noisy`. Lists are kept short so writes that pass stay small.
 */
export function shaped(world: FuzzWorld, schema: z.ZodType, noisy: boolean, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const entries = Object.entries(def.shape ?? {});
        const record = fc.record(
          Object.fromEntries(entries.map(([name, field]) => [name, shaped(world, field, noisy, name)])),
          {
            requiredKeys: entries
              .filter(([, field]) => !['optional', 'default'].includes(defOf(field).type))
              .map(([name]) => name),
          },
        );
        if (!noisy) return record;
        const extra = fc.dictionary(
          fc.constantFrom('_id', 'id', 'role', '__proto__', 'constructor', 'extra'),
          fc.jsonValue({ maxDepth: 1 }),
          { maxKeys: 2 },
        );
        return fc
          .tuple(record, fc.option(extra, { freq: 4 }))
          .map(([value, more]) => (more ? { ...more, ...value } : value));
      }
      case 'array':
        return fc.array(shaped(world, def.element!, noisy, key), { maxLength: 5 });
      case 'string':
        return textFor(world, key, def.format, noisy);
      case 'number':
        return fc.oneof(fc.integer({ min: -10, max: 3000 }), fc.double());
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'optional':
      case 'default':
        return fc.option(shaped(world, def.innerType!, noisy, key), { nil: undefined, freq: 4 });
      case 'nullable':
        return fc.option(shaped(world, def.innerType!, noisy, key), { nil: null, freq: 4 });
      case 'pipe': {
        const out = defOf(def.out!);
        if (out.type === 'string' && out.format) return textFor(world, key, out.format, noisy);
        return shaped(world, def.in!, noisy, key);
      }
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => shaped(world, option, noisy, key)));
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  const value = inner();
  return noisy ? fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: wrongValue }) : value;
}
