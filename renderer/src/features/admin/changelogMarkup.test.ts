import { de } from '@werkboard/common';
import type { MarkupNode } from './changelogMarkup';
import { COLOR_NAMES, MAX_MARKUP_DEPTH, parseChangelogMarkup, safeMarkupColor } from './changelogMarkup';

const text = (value: string): MarkupNode => ({ kind: 'text', text: value });
const bold = (...children: MarkupNode[]): MarkupNode => ({ kind: 'bold', children });
const italic = (...children: MarkupNode[]): MarkupNode => ({ kind: 'italic', children });
const underline = (...children: MarkupNode[]): MarkupNode => ({ kind: 'underline', children });
const color = (value: string, ...children: MarkupNode[]): MarkupNode => ({ kind: 'color', color: value, children });
const list = (...items: MarkupNode[][]): MarkupNode => ({ kind: 'list', ordered: false, items });

/** All text of the tree, as a reader would see it (list items one after another). */
function plain(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'list') return node.items.map((item) => plain(item)).join('|');
      return plain(node.children);
    })
    .join('');
}

describe('parseChangelogMarkup: formatting', () => {
  it('keeps plain text as one text node', () => {
    expect(parseChangelogMarkup('Nur Text, ohne Auszeichnung.')).toEqual([text('Nur Text, ohne Auszeichnung.')]);
  });

  it('gives nothing for an empty text', () => {
    expect(parseChangelogMarkup('')).toEqual([]);
  });

  it('reads bold, italic and underline', () => {
    expect(parseChangelogMarkup('a [b]fett[/b] b [i]kursiv[/i] c [u]unterstrichen[/u]')).toEqual([
      text('a '),
      bold(text('fett')),
      text(' b '),
      italic(text('kursiv')),
      text(' c '),
      underline(text('unterstrichen')),
    ]);
  });

  it('reads tags in any case', () => {
    expect(parseChangelogMarkup('[B]x[/b][I]y[/I][U]z[/u]')).toEqual([
      bold(text('x')),
      italic(text('y')),
      underline(text('z')),
    ]);
  });

  it('nests formatting in one another', () => {
    expect(parseChangelogMarkup('[b]fett [i]und kursiv [u]und mehr[/u][/i] fett[/b]')).toEqual([
      bold(text('fett '), italic(text('und kursiv '), underline(text('und mehr'))), text(' fett')),
    ]);
  });

  it('nests the same tag in itself', () => {
    expect(parseChangelogMarkup('[b]a[b]b[/b]c[/b]')).toEqual([bold(text('a'), bold(text('b')), text('c'))]);
  });

  it('keeps line breaks in the text', () => {
    expect(parseChangelogMarkup('Zeile 1\n[b]Zeile 2[/b]\nZeile 3')).toEqual([
      text('Zeile 1\n'),
      bold(text('Zeile 2')),
      text('\nZeile 3'),
    ]);
  });

  it('keeps empty formatting as an empty node', () => {
    expect(parseChangelogMarkup('a[b][/b]b')).toEqual([text('a'), bold(), text('b')]);
  });
});

describe('parseChangelogMarkup: colours', () => {
  it('accepts a colour name and gives its hex value', () => {
    expect(parseChangelogMarkup('[color=red]rot[/color]')).toEqual([color(COLOR_NAMES.red ?? '', text('rot'))]);
  });

  it('accepts German colour names', () => {
    expect(parseChangelogMarkup('[color=grün]ok[/color]')).toEqual([color(COLOR_NAMES.grün ?? '', text('ok'))]);
  });

  it('accepts #rgb and #rrggbb, lower-cased', () => {
    expect(parseChangelogMarkup('[color=#F00]a[/color][color=#00FF7f]b[/color]')).toEqual([
      color('#f00', text('a')),
      color('#00ff7f', text('b')),
    ]);
  });

  it('accepts a quoted value and any case of the name', () => {
    expect(parseChangelogMarkup('[COLOR="Blue"]a[/color]')).toEqual([color(COLOR_NAMES.blue ?? '', text('a'))]);
  });

  it.each([
    'red; background: url(https://example.com/x.png)',
    'expression(alert(1))',
    'url(javascript:alert(1))',
    'javascript:alert(1)',
    '#ff00zz',
    '#ff00ff00',
    'rgb(255,0,0)',
    'var(--accent)',
    'constructor',
    '__proto__',
    'toString',
    '',
  ])('shows a colour that is not allowed as written: %s', (value) => {
    const input = `[color=${value}]Text[/color]`;
    const nodes = parseChangelogMarkup(input);
    expect(nodes).toEqual([text(input)]);
  });

  it('shows [color] without a value as written', () => {
    expect(parseChangelogMarkup('[color]x[/color]')).toEqual([text('[color]x[/color]')]);
  });

  it('nests colour and formatting', () => {
    expect(parseChangelogMarkup('[color=orange][b]Hinweis[/b][/color]')).toEqual([
      color(COLOR_NAMES.orange ?? '', bold(text('Hinweis'))),
    ]);
  });
});

describe('safeMarkupColor', () => {
  it('allows only names of the list and hex colours', () => {
    expect(safeMarkupColor(' RED ')).toBe(COLOR_NAMES.red);
    expect(safeMarkupColor('#abc')).toBe('#abc');
    expect(safeMarkupColor('#AABBCC')).toBe('#aabbcc');
    expect(safeMarkupColor('hasOwnProperty')).toBeNull();
    expect(safeMarkupColor('red;color:blue')).toBeNull();
    expect(safeMarkupColor('#abcd')).toBeNull();
  });

  it('maps every name to a plain hex colour', () => {
    for (const value of Object.values(COLOR_NAMES)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('parseChangelogMarkup: lists', () => {
  it('reads a list with items, without the line breaks between them', () => {
    expect(parseChangelogMarkup('[list]\n[*]Eins\n[*]Zwei\n[/list]')).toEqual([list([text('Eins')], [text('Zwei')])]);
  });

  it('reads a numbered list', () => {
    expect(parseChangelogMarkup('[list=1][*]a[*]b[/list]')).toEqual([
      { kind: 'list', ordered: true, items: [[text('a')], [text('b')]] },
    ]);
  });

  it('formats inside items', () => {
    expect(parseChangelogMarkup('[list][*][b]Neu:[/b] Suche [*][i]kursiv[/i][/list]')).toEqual([
      list([bold(text('Neu:')), text(' Suche')], [italic(text('kursiv'))]),
    ]);
  });

  it('nests lists in items', () => {
    expect(parseChangelogMarkup('[list][*]a[list][*]a1[*]a2[/list][*]b[/list]')).toEqual([
      list([text('a'), list([text('a1')], [text('a2')])], [text('b')]),
    ]);
  });

  it('drops one line break on each side of a list', () => {
    expect(parseChangelogMarkup('Vorher\n[list][*]x[/list]\nNachher')).toEqual([
      text('Vorher'),
      list([text('x')]),
      text('Nachher'),
    ]);
  });

  it('keeps text before the first item as an item of its own and drops empty items', () => {
    expect(parseChangelogMarkup('[list]Einleitung[*][*]x[/list]')).toEqual([list([text('Einleitung')], [text('x')])]);
  });

  it('drops a list without items', () => {
    expect(parseChangelogMarkup('a[list] \n [/list]b')).toEqual([text('ab')]);
  });

  it('shows [*] outside a list as written', () => {
    expect(parseChangelogMarkup('[*] kein Punkt')).toEqual([text('[*] kein Punkt')]);
  });

  it('starts no item with [*] inside formatting within a list', () => {
    expect(parseChangelogMarkup('[list][*][b]a[*]b[/b][/list]')).toEqual([list([bold(text('a[*]b'))])]);
  });

  it('shows [list=a] (not a known kind of list) as written', () => {
    expect(parseChangelogMarkup('[list=a][*]x[/list]')).toEqual([text('[list=a][*]x[/list]')]);
  });
});

describe('parseChangelogMarkup: what is shown as written', () => {
  it.each([
    '[url=https://example.com]Link[/url]',
    '[img]https://example.com/x.png[/img]',
    '[script]alert(1)[/script]',
    '[size=40]groß[/size]',
    '[h1]Titel[/h1]',
  ])('shows the unknown tags of %s as text', (input) => {
    expect(parseChangelogMarkup(input)).toEqual([text(input)]);
  });

  it('keeps HTML as plain text', () => {
    const input = '<script>alert(1)</script><img src=x onerror=alert(1)><b>nicht fett</b>';
    expect(parseChangelogMarkup(input)).toEqual([text(input)]);
  });

  it('shows a closing tag without its opening tag as written', () => {
    expect(parseChangelogMarkup('a[/b]b[/list]')).toEqual([text('a[/b]b[/list]')]);
  });

  it('shows an unclosed tag as written and keeps its content unformatted', () => {
    expect(parseChangelogMarkup('[b]offen [i]kursiv[/i] bleibt')).toEqual([
      text('[b]offen '),
      italic(text('kursiv')),
      text(' bleibt'),
    ]);
  });

  it('shows an unclosed list with its items as written', () => {
    expect(parseChangelogMarkup('[list][*]a[*]b')).toEqual([text('[list][*]a[*]b')]);
  });

  it('shows the inner tag as written when tags are closed in the wrong order', () => {
    expect(parseChangelogMarkup('[b]fett [i]beides[/b] danach[/i]')).toEqual([
      bold(text('fett [i]beides')),
      text(' danach[/i]'),
    ]);
  });

  it('shows closing tags with a value as written', () => {
    expect(parseChangelogMarkup('[b]x[/b=1][/b]')).toEqual([bold(text('x[/b=1]'))]);
  });

  it('shows [b=…] (formatting takes no value) as written', () => {
    expect(parseChangelogMarkup('[b=1]x[/b]')).toEqual([text('[b=1]x[/b]')]);
  });

  it('keeps brackets that are no tags', () => {
    expect(parseChangelogMarkup('[ ] [] [b [/] a[b]c')).toEqual([text('[ ] [] [b [/] a[b]c')]);
  });

  it(`formats at most ${MAX_MARKUP_DEPTH} levels deep and shows deeper tags as written`, () => {
    const depth = MAX_MARKUP_DEPTH + 5;
    const input = '[b]'.repeat(depth) + 'tief' + '[/b]'.repeat(depth);
    const nodes = parseChangelogMarkup(input);
    let levels = 0;
    let current: readonly MarkupNode[] = nodes;
    while (current[0]?.kind === 'bold') {
      levels += 1;
      current = current[0].children;
    }
    expect(levels).toBe(MAX_MARKUP_DEPTH);
    expect(plain(nodes)).toBe('[b]'.repeat(5) + 'tief' + '[/b]'.repeat(5));
  });

  it('handles a very long and very deeply nested text without throwing', () => {
    const input = '[list][*]'.repeat(5000) + '[b]x'.repeat(5000);
    expect(() => parseChangelogMarkup(input)).not.toThrow();
  });

  it('loses no character of a text full of broken markup', () => {
    const input = 'a [b]b [i]c [/b] d [color=nope]e[/color] [*] f [/list] [list] g';
    expect(plain(parseChangelogMarkup(input))).toBe(input.replace('[b]', '').replace('[/b]', ''));
  });
});

describe("Werkboard's changelog", () => {
  it('is valid markup: no tag of it is left as text', () => {
    const nodes = parseChangelogMarkup(de.adminOverview.changelog);
    expect(plain(nodes)).not.toMatch(/\[\/?(b|i|u|color|list|\*)(=[^\]]*)?\]/i);
    expect(nodes.some((node) => node.kind === 'list')).toBe(true);
  });
});
