import { render } from '@testing-library/react';
import { PROJECT_ICONS } from '@werkboard/common';
import { IconGlyph, iconName } from './icons';
import { ProjectIconGlyph } from './ProjectIconGlyph';

describe('the project icons (spec section 3, issue 19)', () => {
  it.each(PROJECT_ICONS)('draws %s as an SVG, never as an emoji character', (icon) => {
    const { container } = render(<IconGlyph icon={icon} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('data-icon')).toBe(icon);
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelectorAll('path, rect, circle, line, polyline').length).toBeGreaterThan(0);
    expect(container.textContent).toBe('');
    expect(iconName(icon)).not.toBe('');
  });

  it('draws each icon differently', () => {
    const drawings = PROJECT_ICONS.map((icon) =>
      render(<IconGlyph icon={icon} />).container.innerHTML.replace(/data-icon="[^"]*"|lucide-[a-z0-9-]+/g, ''),
    );
    expect(new Set(drawings).size).toBe(PROJECT_ICONS.length);
  });

  it('falls back to the briefcase for an unknown icon of an older file', () => {
    const { container } = render(<ProjectIconGlyph icon="rakete" />);
    expect(container.querySelector('svg')?.getAttribute('data-icon')).toBe('briefcase');
  });
});
