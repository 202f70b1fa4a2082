// Markdown's block tokens (headings, paragraphs, lists, quotes, code, tables) as React elements; a
// fenced `pgn` block is a game on a board (PgnBlock, loaded with the board when there is one).
import type { Token, Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';
import { inline, textContent } from './inline';
import { PgnBlock } from './PgnBlock';

/** How many levels headings move down, so that a page's own h1 stays the only one. */
type Offset = number;

function Heading({ heading, offset }: { heading: Tokens.Heading; offset: Offset }) {
  const Tag = `h${Math.min(6, heading.depth + offset)}` as 'h2';
  return <Tag>{inline(heading.tokens)}</Tag>;
}

function List({ list, offset }: { list: Tokens.List; offset: Offset }) {
  const items = list.items.map((item, index) => (
    <li key={index}>{item.tokens.map((child, i) => blockOrInline(child, i, offset))}</li>
  ));
  return list.ordered ? (
    <ol start={typeof list.start === 'number' ? list.start : undefined}>{items}</ol>
  ) : (
    <ul>{items}</ul>
  );
}

function Table({ table }: { table: Tokens.Table }) {
  return (
    <table>
      <thead>
        <tr>
          {table.header.map((cell, i) => (
            <th key={i}>{inline(cell.tokens)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, i) => (
              <td key={i}>{inline(cell.tokens)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function block(token: Token, key: number, offset: Offset): ReactNode {
  switch (token.type) {
    case 'heading':
      return <Heading key={key} heading={token as Tokens.Heading} offset={offset} />;
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens)}</p>;
    case 'list':
      return <List key={key} list={token as Tokens.List} offset={offset} />;
    case 'blockquote':
      return (
        <blockquote key={key}>
          {(token as Tokens.Blockquote).tokens.map((child, i) => block(child, i, offset))}
        </blockquote>
      );
    case 'code':
      // A game to replay: a block fenced as `pgn`.
      if ((token as Tokens.Code).lang?.trim().toLowerCase() === 'pgn') {
        return <PgnBlock key={key} pgn={(token as Tokens.Code).text} />;
      }
      return (
        <pre key={key}>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    case 'html':
      // Raw HTML shows as text, never as markup.
      return <p key={key}>{(token as Tokens.HTML).text}</p>;
    case 'table':
      return <Table key={key} table={token as Tokens.Table} />;
    case 'text':
      return <p key={key}>{textContent(token as Tokens.Text)}</p>;
    default:
      // 'space' and what markdown in this site has no use for.
      return null;
  }
}

// List items hold loose text tokens (render inline) or nested blocks.
function blockOrInline(token: Token, key: number, offset: Offset): ReactNode {
  if (token.type === 'text') return <Fragment key={key}>{textContent(token as Tokens.Text)}</Fragment>;
  return block(token, key, offset);
}
