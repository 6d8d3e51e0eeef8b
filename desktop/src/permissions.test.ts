import { isPermissionAllowed } from './permissions';

const APP = 'http://localhost:3000';

describe('isPermissionAllowed', () => {
  it('allows notifications and clipboard writes for the app origin', () => {
    expect(isPermissionAllowed('notifications', 'http://localhost:3000/#/board', APP)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'http://localhost:3000', APP)).toBe(true);
  });

  it('refuses the allowed permissions for any other origin or an unknown requester', () => {
    expect(isPermissionAllowed('notifications', 'https://evil.example/', APP)).toBe(false);
    expect(isPermissionAllowed('notifications', 'http://localhost:3001/', APP)).toBe(false);
    expect(isPermissionAllowed('notifications', 'file:///index.html', APP)).toBe(false);
    expect(isPermissionAllowed('notifications', undefined, APP)).toBe(false);
  });

  it('refuses every other permission, even for the app origin', () => {
    for (const permission of [
      'media',
      'geolocation',
      'clipboard-read',
      'openExternal',
      'usb',
      'fullscreen',
      'unknown',
    ]) {
      expect(isPermissionAllowed(permission, 'http://localhost:3000/', APP)).toBe(false);
    }
  });
});
