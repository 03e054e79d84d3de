import { type MarkupSpan, parseMarkup } from '@crossmart/contract/client';
import './markup-view.css';

/**
 * Pieces of one parsed text never reorder (a new text renders anew), so their position is a
 * stable key.
 */
function withKeys<T>(items: readonly T[]): { key: number; value: T }[] {
  return items.map((value, position) => ({ key: position, value }));
}

function Spans({ spans }: { spans: readonly MarkupSpan[] }) {
  return withKeys(spans).map(({ key, value }) =>
    value.bold ? <strong key={key}>{value.text}</strong> : <span key={key}>{value.text}</span>,
  );
}

/**
 * A help, law or partnership text (the restricted markup of the contract). Every piece is React
 * text, never HTML, so whatever an editor typed (a script tag, an onerror attribute) shows as text.
 */
export function MarkupView({ source, className }: { source: string; className?: string }) {
  return (
    <div className={`cm-markup${className ? ` ${className}` : ''}`}>
      {withKeys(parseMarkup(source)).map(({ key, value: block }) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 1 ? 'h2' : 'h3';
          return (
            <Heading key={key}>
              <Spans spans={block.spans} />
            </Heading>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={key}>
              {withKeys(block.items).map((item) => (
                <li key={item.key}>
                  <Spans spans={item.value} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={key}>
            <Spans spans={block.spans} />
          </p>
        );
      })}
    </div>
  );
}
