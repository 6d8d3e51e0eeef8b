import { render, screen } from '@testing-library/react';
import { de } from '@werkboard/common';
import { drawStroke, hover, layOut } from '../../../test/pointer';
import { SignaturePad } from './SignaturePad';

/** The pad laid out at 300x100 CSS pixels: half the 600x200 box. */
function pad() {
  const canvas = screen.getByRole('img', { name: de.projects.signoff.padLabel });
  layOut(canvas, 300, 100, 10, 20);
  return canvas;
}

describe('SignaturePad', () => {
  it('turns pointer strokes into path data in the signature box, scaled from the pad’s size', () => {
    const onChange = jest.fn<void, [string]>();
    render(<SignaturePad onChange={onChange} clearKey={0} />);
    const canvas = pad();
    drawStroke(canvas, [
      [40, 70],
      [160, 40],
      [280, 110],
    ]);
    expect(onChange).toHaveBeenLastCalledWith('M60 100 L300 40 L540 180');
    // A second stroke (with the mouse) adds to the first; a tap is a dot.
    drawStroke(canvas, [[110, 45]], 'mouse');
    expect(onChange).toHaveBeenLastCalledWith('M60 100 L300 40 L540 180 M200 50 L201 50');
  });

  it('ignores moves without a pressed pointer and keeps points inside the box', () => {
    const onChange = jest.fn<void, [string]>();
    render(<SignaturePad onChange={onChange} clearKey={0} />);
    const canvas = pad();
    hover(canvas, [50, 50]);
    expect(onChange).not.toHaveBeenCalled();
    // Dragged out past the right and bottom edges (the pointer is captured).
    drawStroke(canvas, [
      [300, 110],
      [400, 200],
    ]);
    expect(onChange).toHaveBeenLastCalledWith('M580 180 L600 200');
  });

  it('starts over when the clear key changes', () => {
    const onChange = jest.fn<void, [string]>();
    const { rerender } = render(<SignaturePad onChange={onChange} clearKey={0} />);
    drawStroke(pad(), [
      [40, 70],
      [160, 40],
    ]);
    rerender(<SignaturePad onChange={onChange} clearKey={1} />);
    drawStroke(pad(), [
      [60, 30],
      [70, 40],
    ]);
    expect(onChange).toHaveBeenLastCalledWith('M100 20 L120 40');
  });
});
