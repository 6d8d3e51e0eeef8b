import { ROLES } from '@werkboard/common';

/**
 * Context-specific words (ASVS 6.1.2, 6.2.11; the list is documented in docs/security.md,
 * finding 7): words an attacker who knows Werkboard and the trade tries first. A password made
 * of nothing but these words, with any digits, spaces or symbols around them ('Werkboard2026!',
 * 'Elektro-Mueller1', 'MonteurBaustelle'), is refused. A password that also holds a word of
 * its own ('Baustelle am Hafen 7') is not: the words only weaken, they do not forbid.
 */
export const FIXED_CONTEXT_WORDS: readonly string[] = [
  // The product.
  'werkboard',
  'kanban',
  'board',
  // The role names, and the apprentice role's other spelling.
  ...ROLES,
  'auszubildende',
  'azubi',
  // The trades Werkboard is for, and the words of their daily work.
  'elektro',
  'elektrik',
  'elektriker',
  'elektrotechnik',
  'elektroinstallation',
  'strom',
  'sanitär',
  'heizung',
  'heizungsbau',
  'klima',
  'lüftung',
  'installateur',
  'installation',
  'haustechnik',
  'gebäudetechnik',
  'solar',
  'photovoltaik',
  'wärmepumpe',
  'handwerk',
  'handwerker',
  'meister',
  'meisterbetrieb',
  'geselle',
  'montage',
  'baustelle',
  'werkstatt',
  'werkzeug',
  'kunde',
  'projekt',
  'auftrag',
  'firma',
  'betrieb',
  'büro',
  'technik',
  'service',
  'gmbh',
];

/** Words shorter than this are ignored: they would make almost any password "made of words". */
const SHORTEST_WORD = 3;

/** Lower case, ß as ss, umlauts either as ae/oe/ue or as their base letter (people type both). */
function spellings(text: string): string[] {
  const lower = text.toLowerCase().replace(/ß/g, 'ss');
  const transcribed = lower.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue');
  const plain = lower.normalize('NFD').replace(/\p{M}/gu, '');
  return [...new Set([transcribed, plain])];
}

const lettersOnly = (text: string) => text.replace(/[^a-z]/g, '');

/** The words of free texts (a company name, a user name), in every spelling. */
export function contextWordsOf(texts: readonly string[]): string[] {
  return texts.flatMap((text) =>
    spellings(text).flatMap((spelling) => {
      const words = spelling.split(/[^a-z]+/).filter((word) => word.length >= SHORTEST_WORD);
      // The whole text run together too ('mueller-elektro' as 'muellerelektro').
      const joined = lettersOnly(spelling);
      return joined.length >= SHORTEST_WORD ? [...words, joined] : words;
    }),
  );
}

/** Whether `letters` is one or several of `words` in a row (a word break). */
function isMadeOf(letters: string, words: ReadonlySet<string>): boolean {
  const longest = Math.max(0, ...[...words].map((word) => word.length));
  const reachable = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let end = 1; end <= letters.length; end++) {
    for (let start = Math.max(0, end - longest); start < end && !reachable[end]; start++) {
      if (reachable[start] && words.has(letters.slice(start, end))) reachable[end] = true;
    }
  }
  return reachable[letters.length] === true;
}

/**
 * Whether the password is made only of context words (fixed and `extraTexts`), once digits,
 * spaces and symbols are taken out. A password without letters is no concern of this rule.
 */
export function isMadeOfContextWords(password: string, extraTexts: readonly string[] = []): boolean {
  const words = new Set(contextWordsOf([...FIXED_CONTEXT_WORDS, ...extraTexts]));
  return spellings(password).some((spelling) => {
    const letters = lettersOnly(spelling);
    return letters.length > 0 && isMadeOf(letters, words);
  });
}
