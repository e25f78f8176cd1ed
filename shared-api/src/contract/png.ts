// A PNG's header as sent in base64, read without decoding the whole image: the consent signature
// is checked on every upload, so only the first and last few bytes are decoded.

/** What the header of a PNG says, and how many bytes the image has. */
export interface PngFacts {
  width: number;
  height: number;
  bytes: number;
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The IEND chunk every PNG ends with: length 0, type, CRC. */
const trailer = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
/** Signature, IHDR (25 bytes), one IDAT of at least a byte (13) and IEND (12). */
const smallestPng = 8 + 25 + 13 + 12;
/** Bit depths allowed for each colour type (PNG specification, table 11.1). */
const bitDepths: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Decodes base64 text whose length is a multiple of 4 (atob: in browsers and in Node alike). */
function decode(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const startsWith = (bytes: Uint8Array, expected: readonly number[]) => expected.every((b, i) => bytes[i] === b);

/**
 * The size and dimensions of a PNG given as padded base64 (no data-URL prefix), or null when it is
 * not one: the signature, a well-formed IHDR chunk first (length 13, valid fields, right CRC) and
 * the IEND chunk last.
 */
export function readPng(base64: string): PngFacts | null {
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  if (bytes < smallestPng) return null;
  // 44 characters are the first 33 bytes: signature and IHDR; the last 24 hold the IEND chunk.
  const head = decode(base64.slice(0, 44));
  const tail = decode(base64.slice(-24)).slice(-trailer.length);
  if (!startsWith(head, signature) || !startsWith(tail, trailer)) return null;
  if (uint32(head, 8) !== 13 || String.fromCharCode(...head.subarray(12, 16)) !== 'IHDR') return null;
  if (crc32(head.subarray(12, 29)) !== uint32(head, 29)) return null;
  const width = uint32(head, 16);
  const height = uint32(head, 20);
  const [depth, colour, compression, filter, interlace] = head.subarray(24, 29);
  const validFields =
    width > 0 &&
    height > 0 &&
    bitDepths[colour!]?.includes(depth!) === true &&
    compression === 0 &&
    filter === 0 &&
    interlace! <= 1;
  return validFields ? { width, height, bytes } : null;
}
