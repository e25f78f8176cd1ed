/**
 * @jest-environment node
 */
import { renderFirstPaint } from './first-paint';

test("the shell's part of a first paint is its provider's style tags: the brand theme's variables and Mantine's classes", () => {
  const { head } = renderFirstPaint();
  expect(head).toMatch(/^<style data-mantine-styles="true">/);
  expect(head).toContain('--mantine-color-brand-8: #0f6a33');
  expect(head).toContain('<style data-mantine-styles="classes">');
  // Only style tags: no markup of its own.
  expect(head.replace(/<style[^>]*>[^<]*<\/style>/g, '')).toBe('');
});
