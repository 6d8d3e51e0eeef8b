import type { ReactNode } from 'react';
import { Fragment, useMemo } from 'react';
import type { MarkupNode } from './changelogMarkup';
import { parseChangelogMarkup } from './changelogMarkup';

/** A text with its line breaks as <br>; React escapes the text itself. */
function lines(value: string, key: string): ReactNode {
  const parts = value.split('\n');
  return (
    <Fragment key={key}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {part}
        </Fragment>
      ))}
    </Fragment>
  );
}

function renderNodes(nodes: readonly MarkupNode[], prefix: string): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, `${prefix}.${index}`));
}

function renderNode(node: MarkupNode, key: string): ReactNode {
  switch (node.kind) {
    case 'text':
      return lines(node.text, key);
    case 'bold':
      return <strong key={key}>{renderNodes(node.children, key)}</strong>;
    case 'italic':
      return <em key={key}>{renderNodes(node.children, key)}</em>;
    case 'underline':
      return <u key={key}>{renderNodes(node.children, key)}</u>;
    case 'color':
      // node.color is a hex value checked by the parser (safeMarkupColor).
      return (
        <span key={key} style={{ color: node.color }}>
          {renderNodes(node.children, key)}
        </span>
      );
    case 'list': {
      const items = node.items.map((item, index) => <li key={index}>{renderNodes(item, `${key}.${index}`)}</li>);
      return node.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
  }
}

/**
 * The changelog text with its bracket markup as React elements: bold, italic, underline,
 * colour and lists. Built element by element, never through innerHTML, so nothing in the text
 * can run or become markup of the page.
 */
export function ChangelogText({ text }: { text: string }) {
  const nodes = useMemo(() => parseChangelogMarkup(text), [text]);
  return <div className="changelog">{renderNodes(nodes, 'c')}</div>;
}
