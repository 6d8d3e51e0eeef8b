import type { UserSettings } from '@werkboard/common';
import { backgroundPattern } from './backgroundPatterns';

/** CSS custom properties the app's styles read (styles.css: .app, later the board). */
export const THEME_VARIABLES = [
  '--app-bg',
  '--column-bg',
  '--column-header-bg',
  '--project-header-bg',
  '--app-pattern',
] as const;

export function themeVariables(settings: UserSettings): Record<(typeof THEME_VARIABLES)[number], string> {
  return {
    '--app-bg': settings.colors.appBg,
    '--column-bg': settings.colors.columnBg,
    '--column-header-bg': settings.colors.columnHeaderColor,
    '--project-header-bg': settings.colors.projectHeaderColor,
    '--app-pattern': backgroundPattern(settings.appearance.theme, settings.appearance.patternColor),
  };
}

/** Sets the theme on an element (the document root), or removes it (null: logged out). */
export function applyTheme(element: HTMLElement, settings: UserSettings | null): void {
  if (!settings) {
    for (const name of THEME_VARIABLES) element.style.removeProperty(name);
    return;
  }
  for (const [name, value] of Object.entries(themeVariables(settings))) element.style.setProperty(name, value);
}
