/** The handwriting font the signature is drawn in (bundled from @fontsource/dancing-script). */
export const SIGNATURE_FONT_FAMILY = '"Dancing Script"';
/** The font the canvas waits for before the first drawing. */
export const SIGNATURE_FONT = `48px ${SIGNATURE_FONT_FAMILY}`;

/** Size of the signature image, in canvas pixels (shown scaled down to fit the screen). */
export const SIGNATURE_SIZE = { width: 600, height: 160 } as const;

const PNG_PREFIX = 'data:image/png;base64,';
const PADDING = 24;

/** The 2D-context calls a signature needs: real canvases and test fakes both provide them. */
export type SignatureContext = Pick<
  CanvasRenderingContext2D,
  'clearRect' | 'fillRect' | 'fillText' | 'measureText' | 'font' | 'fillStyle' | 'textAlign' | 'textBaseline'
>;

/**
 * Waits until the handwriting font can be used, so the first signature is not drawn in a fallback
 * font. A browser without the Font Loading API, or a failed load, draws with what it has.
 */
export async function waitForSignatureFont(
  fonts: Pick<FontFaceSet, 'load'> | undefined = globalThis.document?.fonts,
): Promise<void> {
  if (!fonts?.load) return;
  try {
    await fonts.load(SIGNATURE_FONT);
  } catch {
    // The cursive fallback still makes a readable signature.
  }
}

/** Draws the typed name as a handwritten signature, shrinking the font for long names. */
export function drawSignature(
  ctx: SignatureContext,
  name: string,
  width: number = SIGNATURE_SIZE.width,
  height: number = SIGNATURE_SIZE.height,
): void {
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  if (!name) return;
  ctx.font = `${SIGNATURE_FONT}, cursive`;
  const measured = ctx.measureText(name).width;
  const room = width - PADDING * 2;
  if (measured > room) {
    const size = Math.max(16, Math.floor((48 * room) / measured));
    ctx.font = `${size}px ${SIGNATURE_FONT_FAMILY}, cursive`;
  }
  ctx.fillStyle = '#1f2a44';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, width / 2, height / 2, room);
}

/** The PNG's base64 data without its `data:image/png;base64,` prefix, or null when it is not a PNG. */
export function toBase64Png(dataUrl: string | null | undefined): string | null {
  if (!dataUrl?.startsWith(PNG_PREFIX)) return null;
  const data = dataUrl.slice(PNG_PREFIX.length);
  return data.length > 0 ? data : null;
}

/**
 * Draws the name on the canvas and returns the signature image (base64 PNG), or null when there is
 * no name or the browser cannot draw (no 2D context).
 */
export function renderSignature(canvas: HTMLCanvasElement | null, name: string): string | null {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return null;
  drawSignature(ctx, name, canvas.width, canvas.height);
  return name ? toBase64Png(canvas.toDataURL('image/png')) : null;
}
