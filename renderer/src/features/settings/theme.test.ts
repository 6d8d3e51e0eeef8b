import { BACKGROUND_THEMES, DEFAULT_USER_SETTINGS, mergeUserSettings } from '@werkboard/common';
import { backgroundPattern } from './backgroundPatterns';
import { applyTheme, themeVariables } from './theme';

describe('background patterns', () => {
  it('draws no pattern for the default theme', () => {
    expect(backgroundPattern('default', '#ffffff')).toBe('none');
  });

  it('draws a different SVG tile in the pattern colour for every other theme', () => {
    const images = BACKGROUND_THEMES.filter((theme) => theme !== 'default').map((theme) =>
      backgroundPattern(theme, '#12ab34'),
    );
    expect(new Set(images).size).toBe(BACKGROUND_THEMES.length - 1);
    for (const image of images) {
      expect(image.startsWith('url("data:image/svg+xml,')).toBe(true);
      expect(decodeURIComponent(image)).toContain('#12ab34');
    }
  });

  it('never puts anything but a hex colour into the SVG', () => {
    const image = decodeURIComponent(backgroundPattern('dots', '"/><script>alert(1)</script>'));
    expect(image).not.toContain('script');
    expect(image).toContain('#ffffff');
  });
});

describe('applyTheme', () => {
  it('sets the colours and the pattern as CSS variables and removes them again', () => {
    const settings = mergeUserSettings(DEFAULT_USER_SETTINGS, {
      colors: { appBg: '#102030' },
      appearance: { theme: 'waves', patternColor: '#ff0000' },
    });
    const element = document.createElement('div');

    applyTheme(element, settings);

    expect(element.style.getPropertyValue('--app-bg')).toBe('#102030');
    expect(element.style.getPropertyValue('--column-bg')).toBe(DEFAULT_USER_SETTINGS.colors.columnBg);
    expect(element.style.getPropertyValue('--app-pattern')).toBe(themeVariables(settings)['--app-pattern']);
    expect(decodeURIComponent(element.style.getPropertyValue('--app-pattern'))).toContain('#ff0000');

    applyTheme(element, null);
    expect(element.style.getPropertyValue('--app-bg')).toBe('');
    expect(element.style.getPropertyValue('--app-pattern')).toBe('');
  });
});
