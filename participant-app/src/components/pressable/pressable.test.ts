import fs from 'node:fs';
import path from 'node:path';

// jsdom applies no style sheets, so these read the rules of the buttons that stay pressed once
// chosen (quiz answers, concern ratings) as the browser will.

interface Rule {
  /** The condition of the `@media` block the rule is in, or null at the top level. */
  media: string | null;
  selector: string;
  declarations: Record<string, string>;
}

function rulesOf(file: string): Rule[] {
  const css = fs.readFileSync(path.join(__dirname, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  const collect = (text: string, media: string | null) => {
    for (const [, selector, body] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const declarations = Object.fromEntries(
        body!
          .split(';')
          .map((d) => d.split(':').map((part) => part.trim()))
          .filter(([property, value]) => property && value)
          .map(([property, ...value]) => [property!, value.join(':')]),
      );
      rules.push({ media, selector: selector!.trim(), declarations });
    }
  };
  const outside = css.replace(/@media([^{]+)\{((?:[^{}]*\{[^{}]*\})*[^{}]*)\}/g, (_, media: string, inner: string) => {
    collect(inner, media.trim());
    return '';
  });
  collect(outside, null);
  return rules;
}

const files = ['pressable.module.css', '../../features/quiz/components/answer-choices.module.css'];
const all = files.flatMap(rulesOf);
const hover = all.filter((rule) => rule.selector.includes(':hover'));
const chosen = all.find((rule) => rule.selector === ".pressable[aria-pressed='true']");

test('hover applies only where a pointer hovers, never as the sticky hover of a tap on a touch screen', () => {
  expect(hover.length).toBeGreaterThan(0);
  for (const rule of hover) expect(rule.media).toBe('(hover: hover)');
});

test('hover looks clearly unlike chosen: grey, never the primary colour that marks a choice', () => {
  expect(chosen?.declarations).toMatchObject({
    'border-color': 'var(--mantine-primary-color-filled)',
    background: 'var(--mantine-primary-color-light)',
  });
  for (const rule of hover) {
    // The option already chosen keeps its look under the pointer.
    expect(rule.selector).toContain(":not([aria-pressed='true'])");
    for (const value of Object.values(rule.declarations)) expect(value).not.toContain('primary');
    expect(rule.declarations.background).not.toBe(chosen?.declarations.background);
  }
});

test('a chosen quiz answer has marks no hover has: a thicker edge, its letter filled and a tick', () => {
  expect(chosen?.declarations['box-shadow']).toContain('var(--mantine-primary-color-filled)');
  const quiz = rulesOf('../../features/quiz/components/answer-choices.module.css');
  expect(quiz.find((rule) => rule.selector === ".choice[aria-pressed='true'] .letter")?.declarations.background).toBe(
    'var(--mantine-primary-color-filled)',
  );
  expect(quiz.find((rule) => rule.selector === ".choice[aria-pressed='true']::after")?.declarations.content).toBe("''");
});
