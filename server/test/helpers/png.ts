import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data and CRC. */
export function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real PNG (8-bit greyscale, white) of `width` × `height` px. With `bytes` it is padded to exactly
 * that size with a private ancillary chunk, which decoders skip: a large image that stays valid.
 */
export function png(width: number, height: number, bytes?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0; // filter: none
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
  ];
  const end = chunk('IEND', Buffer.alloc(0));
  const size = parts.reduce((sum, part) => sum + part.length, end.length);
  if (bytes !== undefined) {
    if (bytes < size + 12) throw new Error(`a ${width} × ${height} PNG takes at least ${size + 12} bytes`);
    parts.push(chunk('prVt', Buffer.alloc(bytes - size - 12, 0x61)));
  }
  return Buffer.concat([...parts, end]);
}

/** A signature as the participant app sends it: a 600 × 160 PNG, base64 without a data-URL prefix. */
export const signaturePng = png(600, 160).toString('base64');
