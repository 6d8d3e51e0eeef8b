import { fireEvent, render, screen } from '@testing-library/react';
import { de, signoffSchema } from '@werkboard/common';
import { SignaturePad } from './SignaturePad';

/** The pad laid out at 300x100 CSS pixels (jsdom has no layout): half the 600x200 box. */
function pad() {
  const canvas = screen.getByRole('img', { name: de.projects.signoff.padLabel });
  canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 10, y: 20, width: 300, height: 100 });
  return canvas;
}

/** One stroke through the given points (client coordinates), as a finger or mouse draws it. */
function stroke(canvas: HTMLElement, points: [number, number][], pointerType = 'touch') {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType, clientX: first![0], clientY: first![1] });
  for (const [clientX, clientY] of rest) fireEvent.pointerMove(canvas, { pointerId: 1, pointerType, clientX, clientY });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType });
}

describe('SignaturePad', () => {
  it('turns pointer strokes into path data in the signature box, scaled from the pad’s size', () => {
    const onChange = jest.fn<void, [string]>();
    render(<SignaturePad onChange={onChange} clearKey={0} />);
    const canvas = pad();
    stroke(canvas, [
      [40, 70],
      [160, 40],
      [280, 110],
    ]);
    expect(onChange).toHaveBeenLastCalledWith('M60 100 L300 40 L540 180');
    // A second stroke (with the mouse) adds to the first; a tap is a dot.
    stroke(canvas, [[110, 45]], 'mouse');
    const path = onChange.mock.calls.at(-1)![0];
    expect(path).toBe('M60 100 L300 40 L540 180 M200 50 L201 50');
    // What the pad reports is what the server's schema accepts.
    const signoff = {
      id: '0b9e2f4c-8f36-4c1e-9a51-4d2f1e0c7a11',
      cardId: null,
      signerName: 'Erika Kundin',
      signedAt: '2026-11-23T15:04:00.000Z',
      signature: path,
    };
    expect(signoffSchema.safeParse(signoff).success).toBe(true);
  });

  it('ignores moves without a pressed pointer and keeps points inside the box', () => {
    const onChange = jest.fn<void, [string]>();
    render(<SignaturePad onChange={onChange} clearKey={0} />);
    const canvas = pad();
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(onChange).not.toHaveBeenCalled();
    // Dragged out past the right and bottom edges (the pointer is captured).
    stroke(canvas, [
      [300, 110],
      [400, 200],
    ]);
    expect(onChange).toHaveBeenLastCalledWith('M580 180 L600 200');
  });

  it('starts over when the clear key changes', () => {
    const onChange = jest.fn<void, [string]>();
    const { rerender } = render(<SignaturePad onChange={onChange} clearKey={0} />);
    stroke(pad(), [
      [40, 70],
      [160, 40],
    ]);
    rerender(<SignaturePad onChange={onChange} clearKey={1} />);
    stroke(pad(), [
      [60, 30],
      [70, 40],
    ]);
    expect(onChange).toHaveBeenLastCalledWith('M100 20 L120 40');
  });
});
