import fs from 'node:fs';
import path from 'node:path';
import { layerRules, splitStylesheet } from '../../config/mantine-styles.cjs';

// The shell loads the first part at start and the second with the rest of @mantine/core: together
// they must be the whole stylesheet, each in its order, with every rule in the part its component
// is loaded in.
const mantineDir = fs.realpathSync(path.join(__dirname, '..', 'node_modules', '@mantine', 'core'));
const whole = layerRules(fs.readFileSync(path.join(mantineDir, 'styles.layer.css'), 'utf8'));
const firstComponents = ['Button', 'TextInput', 'Notification', 'Title'];
const parts = splitStylesheet(mantineDir, firstComponents);
const first = layerRules(parts.first.replace(/^\/\*.*\*\/\n/, ''));
const later = layerRules(parts.later.replace(/^\/\*.*\*\/\n/, ''));

/** The rules of a component's own file (its generated classes). */
function classesOf(component: string): string[] {
  const text = fs.readFileSync(path.join(mantineDir, 'styles', `${component}.layer.css`), 'utf8');
  return [...new Set([...text.matchAll(/\.(m_[0-9a-f]+)/g)].map((match) => match[1]!))];
}
const mentions = (rules: readonly string[], name: string) =>
  rules.some((rule) => new RegExp(`\\.${name}(?![0-9a-f])`).test(rule));

describe("Mantine's stylesheet in two parts", () => {
  it('keeps every rule once, in the stylesheet order within each part', () => {
    expect(whole.length).toBeGreaterThan(500);
    expect(first.length + later.length).toBe(whole.length);
    const isSubsequence = (part: readonly string[]) => {
      let at = 0;
      for (const rule of whole) if (rule === part[at]) at++;
      return at === part.length;
    };
    expect(isSubsequence(first)).toBe(true);
    expect(isSubsequence(later)).toBe(true);
  });

  it('puts the global rules, variables and the first components (and what they build on) in the first part', () => {
    expect(first.some((rule) => rule.includes('--mantine-color-scheme'))).toBe(true);
    expect(first.some((rule) => rule.includes('--mantine-primary-color-filled'))).toBe(true);
    for (const component of ['Button', 'Notification', 'Title', 'Input', 'UnstyledButton', 'Loader', 'ModalBase']) {
      for (const name of classesOf(component)) {
        expect(mentions(first, name)).toBe(true);
        expect(later.every((rule) => !new RegExp(`^\\s*[^{]*\\.${name}(?![0-9a-f])`).test(rule))).toBe(true);
      }
    }
  });

  it('leaves the other components to the second part, which is most of the stylesheet', () => {
    for (const component of ['Table', 'AppShell', 'Tooltip', 'Pagination']) {
      for (const name of classesOf(component)) expect(mentions(later, name)).toBe(true);
    }
    expect(parts.first.length).toBeLessThan(parts.later.length);
  });

  it('keeps the sizes the whole stylesheet scales with the user font size', () => {
    expect(parts.first).toContain('calc(0.125rem * var(--mantine-scale))');
  });
});
