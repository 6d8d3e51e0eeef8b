import { searchPath } from './search';

describe('searchPath', () => {
  it('always sends q and repeats tag, percent-encoded', () => {
    expect(searchPath({ text: 'Bad Müller', tagLabels: ['Dringend', 'A&B'] })).toBe(
      '/search?q=Bad%20M%C3%BCller&tag=Dringend&tag=A%26B',
    );
    expect(searchPath({ text: '', tagLabels: [] })).toBe('/search?q=');
  });
});
