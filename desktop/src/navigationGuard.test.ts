import { externalLinkDecision, isAllowedNavigation, isSameOrigin, originOf } from './navigationGuard';

const APP = 'https://board.example.de';

describe('originOf', () => {
  it('gives the origin of http(s) URLs only', () => {
    expect(originOf('https://board.example.de:443/#/projects')).toBe(APP);
    expect(originOf('http://localhost:3000/api')).toBe('http://localhost:3000');
    expect(originOf('file:///C:/Windows')).toBeNull();
    expect(originOf('about:blank')).toBeNull();
    expect(originOf('::not a url::')).toBeNull();
  });

  it('compares whole origins, not prefixes', () => {
    expect(isSameOrigin('https://board.example.de.evil.com/', APP)).toBe(false);
    expect(isSameOrigin('https://board.example.de/x', APP)).toBe(true);
  });
});

describe('isAllowedNavigation', () => {
  it('allows the app origin, including hash route changes and other paths', () => {
    expect(isAllowedNavigation('https://board.example.de/', APP)).toBe(true);
    expect(isAllowedNavigation('https://board.example.de/#/projects/42', APP)).toBe(true);
    expect(isAllowedNavigation('https://board.example.de/login?next=1', APP)).toBe(true);
  });

  it('refuses other origins, schemes, ports and hosts', () => {
    for (const target of [
      'http://board.example.de/', // downgrade to http is another origin
      'https://board.example.de:8443/',
      'https://evil.example/',
      'https://board.example.de@evil.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'about:blank',
      'werkboard://open',
      '',
    ]) {
      expect(isAllowedNavigation(target, APP)).toBe(false);
    }
  });
});

describe('externalLinkDecision', () => {
  it('opens http(s) links to other origins in the system browser', () => {
    expect(externalLinkDecision('https://www.openstreetmap.org/?mlat=52.5', APP)).toEqual({
      action: 'open-external',
      url: 'https://www.openstreetmap.org/?mlat=52.5',
    });
    expect(externalLinkDecision('http://example.com', APP)).toEqual({
      action: 'open-external',
      url: 'http://example.com/',
    });
  });

  it('denies new windows of the app itself', () => {
    expect(externalLinkDecision('https://board.example.de/#/projects/1', APP)).toEqual({ action: 'deny' });
  });

  it('denies every other scheme and credential tricks', () => {
    for (const target of [
      'javascript:alert(1)',
      'file:///C:/Windows/System32/calc.exe',
      'data:text/html,hi',
      'mailto:info@example.de',
      'smb://server/share',
      'https://board.example.de@evil.example/',
      'not a url',
    ]) {
      expect(externalLinkDecision(target, APP)).toEqual({ action: 'deny' });
    }
  });
});
