import { act, render, screen } from '@testing-library/react';
import { stubMatchMedia } from '../test/mediaQuery';
import { useMediaQuery } from './useMediaQuery';

function Probe() {
  return <p>{useMediaQuery('(max-width: 699px)') ? 'phone' : 'wide'}</p>;
}

describe('useMediaQuery', () => {
  it('is false without matchMedia (jsdom)', () => {
    expect('matchMedia' in window).toBe(false);
    render(<Probe />);
    expect(screen.getByText('wide')).toBeTruthy();
  });

  it('has the answer on the first render and follows a change', () => {
    const media = stubMatchMedia((query) => query === '(max-width: 699px)');
    try {
      render(<Probe />);
      expect(screen.getByText('phone')).toBeTruthy();
      act(() => media.change(() => false));
      expect(screen.getByText('wide')).toBeTruthy();
    } finally {
      media.restore();
    }
    expect('matchMedia' in window).toBe(false);
  });
});
