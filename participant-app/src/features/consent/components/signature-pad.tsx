import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { limits } from '@prometrica/shared-api';
import { toBase64Png } from '../signature';
import classes from '../consent-screen.module.css';

/** Size of the drawn signature, in canvas pixels: within what the server accepts (1200 × 400). */
export const PAD_SIZE = { width: 900, height: 300 } as const;

const INK = '#1f2a44';
const LINE_WIDTH = 5;

/** Bytes of the data a base64 text holds. */
export const base64Bytes = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

function paintBlank(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
}

/**
 * The drawing as a PNG (base64, no prefix) the server accepts: at most 200 KB. A drawing too
 * detailed at full size is sent at half size; null when even that is too large.
 */
export function exportSignature(canvas: HTMLCanvasElement): string | null {
  const full = toBase64Png(canvas.toDataURL('image/png'));
  if (!full) return null;
  if (base64Bytes(full) <= limits.signatureImage.bytes) return full;
  const half = document.createElement('canvas');
  half.width = Math.floor(canvas.width / 2);
  half.height = Math.floor(canvas.height / 2);
  const ctx = half.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(canvas, 0, 0, half.width, half.height);
  const smaller = toBase64Png(half.toDataURL('image/png'));
  return smaller && base64Bytes(smaller) <= limits.signatureImage.bytes ? smaller : null;
}

export interface SignaturePadProps {
  /** The drawn signature (base64 PNG) after each stroke; null once cleared. */
  onChange: (image: string | null) => void;
  /** Id of the element describing a problem with the signature. */
  errorId?: string;
  invalid?: boolean;
}

/**
 * A signature drawn with a finger, a pen or the mouse. Pointer events cover all three; the canvas
 * takes no touch gestures (`touch-action: none`), so drawing never scrolls the page.
 */
export function SignaturePad({ onChange, errorId, invalid }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const [inked, setInked] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);

  useEffect(() => {
    if (canvasRef.current) paintBlank(canvasRef.current);
  }, []);

  /** Where the pointer is, in canvas pixels (the canvas is shown scaled to the screen's width). */
  function pointOf(event: PointerEvent<HTMLCanvasElement>) {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    const sx = rect.width > 0 ? canvas.width / rect.width : 1;
    const sy = rect.height > 0 ? canvas.height / rect.height : 1;
    return { x: (event.clientX - rect.left) * sx, y: (event.clientY - rect.top) * sy };
  }

  function lineTo(canvas: HTMLCanvasElement, from: { x: number; y: number }, to: { x: number; y: number }) {
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.strokeStyle = INK;
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
  }

  function down(event: PointerEvent<HTMLCanvasElement>) {
    if (stroke.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not every browser can capture (nor every pointer): the stroke then ends where it leaves.
    }
    const at = pointOf(event);
    stroke.current = { pointerId: event.pointerId, ...at };
    // A tap leaves a dot.
    lineTo(event.currentTarget, at, { x: at.x + 0.1, y: at.y + 0.1 });
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    const current = stroke.current;
    if (!current || current.pointerId !== event.pointerId) return;
    event.preventDefault();
    const at = pointOf(event);
    lineTo(event.currentTarget, current, at);
    stroke.current = { ...current, ...at };
  }

  function up(event: PointerEvent<HTMLCanvasElement>) {
    if (!stroke.current || stroke.current.pointerId !== event.pointerId) return;
    stroke.current = null;
    const image = exportSignature(event.currentTarget);
    setInked(true);
    setTooLarge(image === null);
    onChange(image);
  }

  function clear() {
    const canvas = canvasRef.current;
    if (canvas) paintBlank(canvas);
    stroke.current = null;
    setInked(false);
    setTooLarge(false);
    onChange(null);
  }

  const className = [classes.signature, classes.pad, invalid || tooLarge ? classes.signatureInvalid : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div>
      <canvas
        ref={canvasRef}
        width={PAD_SIZE.width}
        height={PAD_SIZE.height}
        role="img"
        aria-label={inked ? 'Your drawn signature' : 'Signature pad, empty: draw your signature here'}
        aria-describedby={errorId}
        className={className}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onLostPointerCapture={up}
      />
      {tooLarge && (
        <Text size="sm" c="red" mt={4}>
          This signature is too detailed to send. Please clear it and sign again.
        </Text>
      )}
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c="dimmed">
          Sign with your finger, a pen or the mouse inside the box.
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={clear} disabled={!inked}>
          Clear signature
        </Button>
      </Group>
    </div>
  );
}

export default SignaturePad;
