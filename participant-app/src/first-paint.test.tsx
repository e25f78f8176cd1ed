/**
 * @jest-environment node
 */
import { renderFirstPaint } from './first-paint';

test("the first paint of / is the details form, with inputs that take typing, without the providers' styles (the shell brings them)", () => {
  const { routes } = renderFirstPaint();
  expect(Object.keys(routes)).toEqual(['/']);
  const html = routes['/']!;
  expect(html).toMatch(/<form novalidate="" aria-label="Account information">/i);
  expect(html).toContain('>Account information</h1>');
  for (const label of ['Full name', 'Email', 'Phone number']) expect(html).toContain(`>${label}<`);
  const inputs = html.match(/<input [^>]*>/g) ?? [];
  expect(inputs).toHaveLength(3);
  for (const input of inputs) expect(input).not.toMatch(/readonly|disabled/);
  for (const name of ['name', 'email', 'phone']) expect(html).toMatch(new RegExp(`<input [^>]*name="${name}"`));
  // Rendered with the brand theme: its colours, named as the live screen names them.
  expect(html).toContain('color:var(--mantine-color-brand-9)');
  expect(html).not.toContain('data-mantine-styles="true"');
  expect(html).not.toContain('<script');
});
