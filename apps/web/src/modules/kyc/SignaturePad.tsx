import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InkPoint, InkStroke } from './kyc-logic';

/** A point with the pen's width there (a pen's pressure makes it thicker or thinner). */
type Point = InkPoint & { width: number };

const PAD_HEIGHT = 180;
const INK = '#111111';
const PAPER = '#ffffff';
const LINE_WIDTH = 2.5;

function widthFor(event: PointerEvent<HTMLCanvasElement>): number {
  // A mouse or a finger reports 0.5 while pressed; only a pen's pressure means something.
  return event.pointerType === 'pen' && event.pressure > 0 ? LINE_WIDTH * (0.5 + event.pressure) : LINE_WIDTH;
}

function drawStroke(context: CanvasRenderingContext2D, stroke: readonly Point[]): void {
  context.strokeStyle = INK;
  context.fillStyle = INK;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  const first = stroke[0];
  if (!first) return;
  if (stroke.length === 1) {
    context.beginPath();
    context.arc(first.x, first.y, first.width / 2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  for (let index = 1; index < stroke.length; index += 1) {
    const from = stroke[index - 1] as Point;
    const to = stroke[index] as Point;
    context.lineWidth = (from.width + to.width) / 2;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  }
}

/**
 * The longest side of the signature's PNG. It stays below the uploads client's redraw cap (2000 px),
 * which would turn it into a JPEG, and the contract wants a PNG (10183 otherwise).
 */
export const SIGNATURE_MAX_SIDE = 1600;

/**
 * The strokes as a PNG on white, at twice the pad's CSS size where that fits SIGNATURE_MAX_SIDE
 * (sharp when printed on the loan agreement, far below the upload limit): what the KYC
 * submission sends as `signatureFileId`.
 */
export async function signaturePng(strokes: readonly InkStroke[], width: number, height: number): Promise<Blob> {
  const scale = Math.min(2, SIGNATURE_MAX_SIDE / Math.max(width, height, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = PAPER;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  for (const stroke of strokes) drawStroke(context, stroke as readonly Point[]);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the signature could not be drawn');
  return blob;
}

type Props = {
  strokes: readonly InkStroke[];
  /** Called once a stroke ends (not at every point) and when the pad is cleared. */
  onChange: (strokes: readonly InkStroke[], size: { width: number; height: number }) => void;
  error?: string | null;
  disabled?: boolean;
};

/**
 * A signature drawn with a mouse, a finger or a pen (pointer events, captured so a stroke that
 * leaves the box still ends; `touch-action: none` so drawing does not scroll the page). Strokes
 * are kept in CSS pixels and drawn again when the box changes size. The box can be reached with
 * the keyboard: it explains that a signature has to be drawn, and Delete clears it.
 */
export function SignaturePad({ strokes, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const current = useRef<Point[] | null>(null);
  const strokesRef = useRef(strokes);
  strokesRef.current = strokes;

  const cssSize = useCallback(() => {
    const canvas = canvasRef.current;
    return { width: canvas?.clientWidth ?? 0, height: canvas?.clientHeight ?? PAD_HEIGHT };
  }, []);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = cssSize();
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.fillStyle = PAPER;
    context.fillRect(0, 0, width, height);
    for (const stroke of strokesRef.current) drawStroke(context, stroke as readonly Point[]);
    if (current.current) drawStroke(context, current.current);
  }, [cssSize]);

  // Drawn again when the strokes change (cleared, a stroke added) and when the box is resized.
  // biome-ignore lint/correctness/useExhaustiveDependencies: strokes are read through the ref
  useEffect(() => redraw(), [strokes, redraw]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top, width: widthFor(event) };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    current.current = [pointOf(event)];
    redraw();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    if (!stroke) return;
    // The points the browser merged into this event since the last one: a smoother line.
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const box = event.currentTarget.getBoundingClientRect();
    const from = stroke.length;
    if (events.length > 0) {
      for (const each of events) {
        stroke.push({ x: each.clientX - box.left, y: each.clientY - box.top, width: widthFor(event) });
      }
    } else {
      stroke.push(pointOf(event));
    }
    const context = canvasRef.current?.getContext('2d');
    if (context) drawStroke(context, stroke.slice(Math.max(0, from - 1)));
  };

  const end = () => {
    const stroke = current.current;
    if (!stroke) return;
    current.current = null;
    onChange([...strokesRef.current, stroke], cssSize());
  };

  const clear = () => {
    current.current = null;
    onChange([], cssSize());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if ((event.key === 'Delete' || event.key === 'Backspace') && !disabled) {
      event.preventDefault();
      clear();
    }
  };

  const describedBy = [`${id}-instructions`, `${id}-keyboard`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <Stack gap={6}>
      <Text component="div" size="sm" fw={500} id={`${id}-label`}>
        {t('kyc.flow.signature.label')}
        <Text component="span" c="red" aria-hidden="true">
          {' *'}
        </Text>
      </Text>
      <Text size="xs" c="dimmed" id={`${id}-instructions`}>
        {t('kyc.flow.signature.instructions')}
      </Text>
      <Box
        style={{
          border: `2px ${error ? 'solid var(--mantine-color-red-6)' : 'dashed var(--mantine-color-gray-5)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          background: PAPER,
        }}
      >
        <canvas
          ref={canvasRef}
          id={`${id}-pad`}
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          data-testid="kyc-signature-pad"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          onLostPointerCapture={end}
          onKeyDown={onKeyDown}
          style={{ display: 'block', width: '100%', height: PAD_HEIGHT, touchAction: 'none', cursor: 'crosshair' }}
        >
          {t('kyc.flow.signature.instructions')}
        </canvas>
      </Box>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" role="status" aria-live="polite" data-testid="kyc-signature-state">
          {strokes.length > 0 ? t('kyc.flow.signature.drawn') : t('kyc.flow.signature.empty')}
        </Text>
        <Button variant="subtle" size="xs" onClick={clear} disabled={disabled || strokes.length === 0}>
          {t('kyc.flow.signature.clear')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" id={`${id}-keyboard`}>
        {t('kyc.flow.signature.keyboard')}
      </Text>
      {error && (
        <Text size="sm" c="red" id={`${id}-error`} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
