import { limits } from '@prometrica/shared-api';
import { base64Bytes, exportSignature, PAD_SIZE } from './signature-pad';

const png = (base64Length: number) => `data:image/png;base64,${'A'.repeat(base64Length)}`;

function canvasWith(...dataUrls: string[]) {
  const drawImage = jest.fn();
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation((() => ({ drawImage })) as unknown as HTMLCanvasElement['getContext']);
  const toDataURL = jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL');
  for (const url of dataUrls) toDataURL.mockReturnValueOnce(url);
  const canvas = document.createElement('canvas');
  canvas.width = PAD_SIZE.width;
  canvas.height = PAD_SIZE.height;
  return { canvas, drawImage };
}

test('the pad is within the size the server accepts', () => {
  expect(PAD_SIZE.width).toBeLessThanOrEqual(limits.signatureImage.width);
  expect(PAD_SIZE.height).toBeLessThanOrEqual(limits.signatureImage.height);
});

test('base64 is counted in the bytes it holds', () => {
  expect(base64Bytes('QUJD')).toBe(3);
  expect(base64Bytes('QUI=')).toBe(2);
  expect(base64Bytes('QQ==')).toBe(1);
});

test('a drawing within 200 KB is sent as it is', () => {
  const { canvas, drawImage } = canvasWith(png(1000));
  expect(exportSignature(canvas)).toBe('A'.repeat(1000));
  expect(drawImage).not.toHaveBeenCalled();
});

test('a drawing over 200 KB is sent at half size', () => {
  const { canvas, drawImage } = canvasWith(png(limits.signatureBase64 + 400), png(5000));
  expect(exportSignature(canvas)).toBe('A'.repeat(5000));
  expect(drawImage).toHaveBeenCalledWith(canvas, 0, 0, PAD_SIZE.width / 2, PAD_SIZE.height / 2);
});

test('a drawing too large even at half size is refused', () => {
  const { canvas } = canvasWith(png(limits.signatureBase64 + 400), png(limits.signatureBase64 + 400));
  expect(exportSignature(canvas)).toBeNull();
});
