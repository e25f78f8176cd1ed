import { limits } from '@prometrica/shared-api';
import { drawSignature, SIGNATURE_SIZE, toBase64Png, waitForSignatureFont, type SignatureContext } from './signature';

function fakeContext(textWidth: number) {
  const fonts: string[] = [];
  const ctx = {
    clearRect: jest.fn(),
    fillRect: jest.fn(),
    fillText: jest.fn(),
    measureText: jest.fn(() => ({ width: textWidth }) as TextMetrics),
    fillStyle: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    get font() {
      return fonts[fonts.length - 1] ?? '';
    },
    set font(value: string) {
      fonts.push(value);
    },
  };
  return { ctx: ctx as unknown as SignatureContext & typeof ctx, fonts };
}

test('the typed name is written in the handwriting font on a cleared canvas', () => {
  const { ctx, fonts } = fakeContext(200);
  drawSignature(ctx, 'Ada Lovelace', 600, 160);
  expect(ctx.clearRect).toHaveBeenCalledWith(0, 0, 600, 160);
  expect(fonts).toEqual(['48px "Dancing Script", cursive']);
  expect(ctx.fillText).toHaveBeenCalledWith('Ada Lovelace', 300, 80, 552);
});

test('a long name is drawn smaller so it fits the signature box', () => {
  const { ctx, fonts } = fakeContext(1104);
  drawSignature(ctx, 'A very long name indeed, with several middle names', 600, 160);
  expect(fonts.at(-1)).toBe('24px "Dancing Script", cursive');
});

test('an empty name leaves a blank signature', () => {
  const { ctx } = fakeContext(0);
  drawSignature(ctx, '', 600, 160);
  expect(ctx.fillText).not.toHaveBeenCalled();
});

test('the font is loaded at 48px before drawing, and a failed load does not block signing', async () => {
  const load = jest.fn(async () => [] as FontFace[]);
  await waitForSignatureFont({ load });
  expect(load).toHaveBeenCalledWith('48px "Dancing Script"');
  await expect(waitForSignatureFont({ load: () => Promise.reject(new Error('offline')) })).resolves.toBeUndefined();
  await expect(waitForSignatureFont(undefined)).resolves.toBeUndefined();
});

test('the image is sent without its data-URL prefix', () => {
  expect(toBase64Png('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  expect(toBase64Png('data:,')).toBeNull();
  expect(toBase64Png(undefined)).toBeNull();
});

test('the signature image is within the size the server accepts', () => {
  expect(SIGNATURE_SIZE.width).toBeLessThanOrEqual(limits.signatureImage.width);
  expect(SIGNATURE_SIZE.height).toBeLessThanOrEqual(limits.signatureImage.height);
});
