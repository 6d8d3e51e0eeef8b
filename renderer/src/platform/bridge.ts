import type { DesktopBridge } from '@werkboard/common';

/**
 * The Electron shell's bridge (`window.werkboard`, desktop/src/preload.ts), or null in a
 * browser. Only renderer/src/platform reads it.
 */
export function desktopBridgeOf(target: object): DesktopBridge | null {
  const candidate = (target as { werkboard?: Partial<DesktopBridge> }).werkboard;
  return candidate?.platform === 'desktop' ? (candidate as DesktopBridge) : null;
}
