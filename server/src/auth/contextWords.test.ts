import { contextWordsOf, FIXED_CONTEXT_WORDS, isMadeOfContextWords } from './contextWords';

describe('context words in passwords (ASVS 6.2.11)', () => {
  it('lists the product, every role and the trades', () => {
    for (const word of ['werkboard', 'Admin', 'Firmenleiter', 'Projektleiter', 'Monteur', 'Auszubildender', 'Helfer'])
      expect(FIXED_CONTEXT_WORDS).toContain(word);
    for (const word of ['elektriker', 'sanitär', 'heizung', 'installateur', 'baustelle'])
      expect(FIXED_CONTEXT_WORDS).toContain(word);
  });

  it.each([
    'Werkboard2026!',
    'werkboard',
    'ADMIN admin',
    'Projektleiter#1',
    'SanitärHeizung',
    'Sanitaer-Heizung-2025',
    'Sanitar Heizung',
    'Wärmepumpe123',
    'W-e-r-k-b-o-a-r-d',
  ])('finds %s made only of context words', (password) => {
    expect(isMadeOfContextWords(password)).toBe(true);
  });

  it.each(['Baustelle am Hafen 7', 'Kaffeetasse-Monteur-blau', '12345678', 'korrekt Pferd Batterie', 'Werkbörse2026'])(
    'lets %s pass: it holds a word of its own or no letters',
    (password) => {
      expect(isMadeOfContextWords(password)).toBe(false);
    },
  );

  it('takes the words of the given texts, in both spellings of umlauts, also run together', () => {
    const company = ['Jürgen Groß Elektro GmbH', 'gross-elektro'];
    expect(contextWordsOf(company)).toEqual(
      expect.arrayContaining(['juergen', 'jurgen', 'gross', 'elektro', 'juergengrosselektrogmbh', 'grosselektro']),
    );
    for (const password of ['Juergen1!', 'Jurgen-Gross', 'GROSSELEKTRO2026', 'jürgen.groß'])
      expect([password, isMadeOfContextWords(password, company)]).toEqual([password, true]);
    expect(isMadeOfContextWords('Juergen1!')).toBe(false);
  });

  it('ignores words under three letters, which would make any password a list of words', () => {
    expect(isMadeOfContextWords('AG-AG-AG', ['Bau AG'])).toBe(false);
    expect(isMadeOfContextWords('Bau AG 1', ['Bau AG'])).toBe(true);
  });

  it('decides a password of 1,000 letters, the longest the schemas take', () => {
    expect(isMadeOfContextWords('werkboard'.repeat(111) + 'x')).toBe(false);
    expect(isMadeOfContextWords('werkboard'.repeat(111))).toBe(true);
  });
});
