import { deflateSync } from 'node:zlib';
import { chunk } from './png';

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * A PNG with alpha, as a canvas writes one: 8-bit RGBA (`channels` 4) or grey and alpha (2). Row
 * `y` is filtered with filter `y % 5`, so a decoder meets every filter of the format.
 */
export function alphaPng(
  width: number,
  height: number,
  channels: 2 | 4,
  pixel: (x: number, y: number) => number[],
): Buffer {
  const stride = width * channels;
  const raw = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(stride);
    for (let x = 0; x < width; x++) row.set(pixel(x, y), x * channels);
    return row;
  });
  const rows = raw.map((row, y) => {
    const filter = y % 5;
    const above = y > 0 ? raw[y - 1]! : Buffer.alloc(stride);
    const out = Buffer.alloc(stride + 1);
    out[0] = filter;
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? row[i - channels]! : 0;
      const upLeft = i >= channels ? above[i - channels]! : 0;
      const up = above[i]!;
      const predictor =
        filter === 1
          ? left
          : filter === 2
            ? up
            : filter === 3
              ? (left + up) >> 1
              : filter === 4
                ? paeth(left, up, upLeft)
                : 0;
      out[i + 1] = (row[i]! - predictor) & 0xff;
    }
    return out;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 4 ? 6 : 4, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let canvasSignature: string | undefined;

/**
 * A signature as the participant app's pad exports it (base64, no prefix): 900 × 300 RGBA, painted
 * white and inked with a dark blue stroke. Made once per test file.
 */
export function canvasSignaturePng(): string {
  canvasSignature ??= alphaPng(900, 300, 4, (x, y) =>
    Math.abs(Math.round(Math.sin(x / 30) * 90) + 150 - y) < 3 ? [31, 42, 68, 255] : [255, 255, 255, 255],
  ).toString('base64');
  return canvasSignature;
}
