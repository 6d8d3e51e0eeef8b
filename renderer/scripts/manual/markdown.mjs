// The Markdown the user manual (docs/manual/handbuch.md) is written in, read into blocks for
// the PDF. Only what the manual uses: '#' title, '##' chapters, '###' sections, paragraphs,
// '- ' and '1. ' lists, an image on a line of its own ('![caption](file)') and **bold**
// inside text. Anything else is an error, so a typo never silently turns into body text.

/**
 * @typedef {{ text: string, bold: boolean }} Span
 * @typedef {{ kind: 'title', text: string }
 *   | { kind: 'heading', level: 2 | 3, text: string }
 *   | { kind: 'paragraph', spans: Span[] }
 *   | { kind: 'list', ordered: boolean, items: Span[][] }
 *   | { kind: 'image', caption: string, file: string }} Block
 */

const IMAGE = /^!\[([^\]]*)\]\(([^)\s]+)\)$/;
const BULLET = /^- (.*)$/;
const NUMBERED = /^\d+\. (.*)$/;

/** `**bold**` parts of a line as spans; an unclosed '**' is an error. */
export function parseSpans(text) {
  const parts = text.split('**');
  if (parts.length % 2 === 0) throw new Error(`Unclosed ** in: ${text}`);
  return parts.map((part, index) => ({ text: part, bold: index % 2 === 1 })).filter((span) => span.text !== '');
}

/** @returns {Block[]} */
export function parseManual(source) {
  /** @type {Block[]} */
  const blocks = [];
  /** @type {string[]} */
  let paragraph = [];
  /** @type {{ ordered: boolean, items: string[] } | null} */
  let list = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', spans: parseSpans(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseSpans) });
    paragraph = [];
    list = null;
  };

  source.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line === '') return flush();
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1].length;
      if (level === 1) {
        if (blocks.length > 0) throw new Error(`${where}: '#' is the manual's title and comes first`);
        blocks.push({ kind: 'title', text: heading[2] });
      } else blocks.push({ kind: 'heading', level, text: heading[2] });
      return;
    }
    if (line.startsWith('#')) throw new Error(`${where}: only #, ## and ### headings: ${line}`);
    const image = IMAGE.exec(line);
    if (image) {
      flush();
      blocks.push({ kind: 'image', caption: image[1], file: image[2] });
      return;
    }
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (item && paragraph.length === 0) {
      const ordered = !BULLET.test(line);
      if (list && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]);
      return;
    }
    if (/^([>|`+]|\* )/.test(line)) throw new Error(`${where}: not part of the manual's Markdown: ${line}`);
    // A line after a list item continues that item; any other line continues the paragraph.
    if (list) list.items[list.items.length - 1] += ` ${line}`;
    else paragraph.push(line);
  });
  flush();
  if (blocks[0]?.kind !== 'title') throw new Error("The manual starts with its '#' title");
  return blocks;
}
