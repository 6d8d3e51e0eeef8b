import { useEffect, useRef } from 'react';
import type { PointerEvent } from 'react';
import { de, type Point, signaturePath, SIGNATURE_BOX } from '@werkboard/common';

const m = de.projects.signoff;

/**
 * A canvas that takes a signature by finger, pen or mouse (pointer events) and reports it as
 * SVG path data in SIGNATURE_BOX ('' while empty). `clearKey` changes to clear it.
 */
export function SignaturePad({ onChange, clearKey }: { onChange: (path: string) => void; clearKey: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef(false);

  useEffect(() => {
    strokes.current = [];
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
  }, [clearKey]);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    // Canvas pixels are the box's: the CSS size may differ (phone width).
    return {
      x: ((event.clientX - rect.left) / rect.width) * SIGNATURE_BOX.width,
      y: ((event.clientY - rect.top) / rect.height) * SIGNATURE_BOX.height,
    };
  };

  const line = (from: Point, to: Point) => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.strokeStyle = '#1a237e';
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x === from.x && to.y === from.y ? to.x + 1 : to.x, to.y);
    context.stroke();
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const point = pointAt(event);
    strokes.current.push([point]);
    line(point, point);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const stroke = strokes.current.at(-1)!;
    const point = pointAt(event);
    line(stroke.at(-1)!, point);
    stroke.push(point);
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(signaturePath(strokes.current, SIGNATURE_BOX.width, SIGNATURE_BOX.height));
  };

  return (
    <canvas
      ref={canvasRef}
      className="signature-pad"
      width={SIGNATURE_BOX.width}
      height={SIGNATURE_BOX.height}
      aria-label={m.padLabel}
      role="img"
      onPointerDown={start}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerLeave={end}
    />
  );
}
