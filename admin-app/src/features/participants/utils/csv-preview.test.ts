import { previewCsv } from './csv-preview';

test('rows are counted below the header, whose names are the columns', () => {
  expect(previewCsv('name,email,phone\nAda,ada@example.com,1\nGrace,grace@example.com,\n')).toEqual({
    rows: 2,
    columns: ['name', 'email', 'phone'],
  });
});

test('quoted fields may hold commas, doubled quotes and line breaks; CRLF ends a line', () => {
  const text =
    'name,email\r\n"Hopper, Grace",grace@example.com\r\n"Ada ""the Countess""\nLovelace",ada@example.com\r\n';
  expect(previewCsv(text).rows).toBe(2);
});

test('blank lines and a byte order mark are no rows, as the server reads them; a row of commas is one', () => {
  expect(previewCsv('\uFEFF name , email \n\n   \nAda,ada@example.com\n,,\n')).toEqual({
    rows: 2,
    columns: ['name', 'email'],
  });
});

test('nothing, or a header alone, has no rows', () => {
  expect(previewCsv('')).toEqual({ rows: 0, columns: [] });
  expect(previewCsv('name,email')).toEqual({ rows: 0, columns: ['name', 'email'] });
});
