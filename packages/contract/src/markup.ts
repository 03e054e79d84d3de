/**
 * The restricted markup of the help, law and partnership texts. An editor writes plain text with
 * a few line prefixes; it is parsed into blocks of plain strings and the web renders them as React
 * elements, so HTML in a text is shown as text and can never run:
 *
 *   # Heading          ## Sub-heading
 *   - list item        1. numbered item
 *   **bold** inside any line; a blank line ends a paragraph or list.
 */

/** A run of text, bold or not. */
export interface MarkupSpan {
  text: string;
  bold: boolean;
}

export type MarkupBlock =
  | { kind: 'heading'; level: 1 | 2; spans: MarkupSpan[] }
  | { kind: 'paragraph'; spans: MarkupSpan[] }
  | { kind: 'list'; ordered: boolean; items: MarkupSpan[][] };

/** Splits `**bold**` runs; an unclosed `**` stays literal text. */
export function parseSpans(line: string): MarkupSpan[] {
  const spans: MarkupSpan[] = [];
  let rest = line;
  while (rest.length > 0) {
    const start = rest.indexOf('**');
    const end = start === -1 ? -1 : rest.indexOf('**', start + 2);
    if (start === -1 || end === -1) {
      spans.push({ text: rest, bold: false });
      break;
    }
    if (start > 0) spans.push({ text: rest.slice(0, start), bold: false });
    const bold = rest.slice(start + 2, end);
    if (bold) spans.push({ text: bold, bold: true });
    rest = rest.slice(end + 2);
  }
  return spans;
}

const orderedItem = /^\d{1,3}[.)]\s+/;

export function parseMarkup(source: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: MarkupSpan[][] } | undefined;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', spans: parseSpans(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = undefined;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,2})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1] === '#' ? 1 : 2, spans: parseSpans(heading[2] ?? '') });
      continue;
    }
    const bullet = /^[-*•]\s+/.exec(line);
    const numbered = orderedItem.exec(line);
    const marker = bullet ?? numbered;
    if (marker) {
      const ordered = numbered !== null && bullet === null;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseSpans(line.slice(marker[0].length)));
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}
