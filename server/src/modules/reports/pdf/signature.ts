import { crc32, deflateSync, inflateSync } from 'node:zlib';

// The consent signature comes from a canvas: an RGBA PNG (900 × 300, painted white, then inked).
// pdfkit copies a PNG without alpha into the PDF as it is, but one with alpha it decodes in
// JavaScript, splits into colour and mask and compresses both again: about 25 ms of a report's
// 45 ms. Here the alpha is flattened onto white once, with zlib's native inflate and deflate, into
// an RGB (or grey) PNG that pdfkit then copies: the picture looks the same on the white page.

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlace: number;
}

/** IHDR and the joined IDAT data, or null when the bytes are not a PNG laid out as the format says. */
function readChunks(png: Buffer): { header: Header; data: Buffer } | null {
  if (png.length < 8 + 25 || !png.subarray(0, 8).equals(pngSignature)) return null;
  let header: Header | undefined;
  const data: Buffer[] = [];
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (body.length !== length) return null;
    if (type === 'IHDR' && length === 13) {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colourType: body[9]!,
        interlace: body[12]!,
      };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  return header && data.length > 0 ? { header, data: Buffer.concat(data) } : null;
}

const paeth = (left: number, up: number, upLeft: number) => {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left);
  const pb = Math.abs(p - up);
  const pc = Math.abs(p - upLeft);
  return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
};

/**
 * The pixels with the PNG row filters (specification, section 9) undone, or null on an unknown
 * filter. A loop for each filter: this runs over a megabyte for a 900 × 300 signature.
 */
function unfilter(data: Buffer, height: number, stride: number, bytesPerPixel: number): Uint8Array | null {
  const pixels = new Uint8Array(height * stride);
  const bpp = bytesPerPixel;
  for (let row = 0; row < height; row++) {
    const filter = data[row * (stride + 1)];
    const src = row * (stride + 1) + 1;
    const out = row * stride;
    const up = out - stride;
    const first = row === 0;
    if (filter === 0 || (filter === 2 && first)) {
      pixels.set(data.subarray(src, src + stride), out);
    } else if (filter === 1) {
      for (let i = 0; i < stride; i++) pixels[out + i] = data[src + i]! + (i >= bpp ? pixels[out + i - bpp]! : 0);
    } else if (filter === 2) {
      for (let i = 0; i < stride; i++) pixels[out + i] = data[src + i]! + pixels[up + i]!;
    } else if (filter === 3) {
      for (let i = 0; i < stride; i++) {
        const left = i >= bpp ? pixels[out + i - bpp]! : 0;
        pixels[out + i] = data[src + i]! + ((left + (first ? 0 : pixels[up + i]!)) >> 1);
      }
    } else if (filter === 4) {
      for (let i = 0; i < stride; i++) {
        const left = i >= bpp ? pixels[out + i - bpp]! : 0;
        const above = first ? 0 : pixels[up + i]!;
        const aboveLeft = first || i < bpp ? 0 : pixels[up + i - bpp]!;
        pixels[out + i] = data[src + i]! + paeth(left, above, aboveLeft);
      }
    } else return null;
  }
  return pixels;
}

/** Each pixel laid on white, its alpha dropped; every row starts with filter 0 (none). */
function onWhite(pixels: Uint8Array, width: number, height: number, channels: number): Buffer {
  const rowBytes = width * channels + 1;
  const flat = Buffer.alloc(height * rowBytes);
  let from = 0;
  for (let row = 0; row < height; row++) {
    let to = row * rowBytes + 1;
    for (let x = 0; x < width; x++, from += channels + 1, to += channels) {
      const alpha = pixels[from + channels]!;
      for (let c = 0; c < channels; c++) {
        const value = pixels[from + c]!;
        flat[to + c] = alpha === 255 ? value : (value * alpha + 255 * (255 - alpha) + 127) / 255;
      }
    }
  }
  return flat;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body, crc32(head.subarray(4))));
  return Buffer.concat([head, body, crc]);
}

/**
 * The signature without its alpha channel: 8-bit RGBA or grey-and-alpha, not interlaced, flattened
 * onto white into RGB or grey. Any other PNG, or bytes that are no PNG, come back as they are
 * (pdfkit reads the first kind itself and refuses the second).
 */
export function opaqueSignature(png: Buffer): Buffer {
  const read = readChunks(png);
  if (!read) return png;
  const { header, data } = read;
  const { width, height, bitDepth, colourType, interlace } = header;
  if (bitDepth !== 8 || interlace !== 0 || (colourType !== 6 && colourType !== 4)) return png;
  const channels = colourType === 6 ? 3 : 1;
  const stride = width * (channels + 1);
  let inflated: Buffer;
  try {
    inflated = inflateSync(data);
  } catch {
    return png;
  }
  if (inflated.length < height * (stride + 1)) return png;
  const pixels = unfilter(inflated, height, stride, channels + 1);
  if (!pixels) return png;
  const flat = onWhite(pixels, width, height, channels);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colourType === 6 ? 2 : 0, 0, 0, 0], 8);
  return Buffer.concat([
    pngSignature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(flat)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
