import { describe, expect, it } from 'vitest';
import { parseMarkup, parseSpans } from './markup.ts';

describe('parseMarkup', () => {
  it('reads headings, paragraphs, bullet and numbered lists and bold runs', () => {
    const blocks = parseMarkup(
      '# Terms\nFirst line\ncontinues **here**.\n\n## Fees\n- one\n- **two**\n1. first\n2. second\nafter',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, spans: [{ text: 'Terms', bold: false }] },
      {
        kind: 'paragraph',
        spans: [
          { text: 'First line continues ', bold: false },
          { text: 'here', bold: true },
          { text: '.', bold: false },
        ],
      },
      { kind: 'heading', level: 2, spans: [{ text: 'Fees', bold: false }] },
      { kind: 'list', ordered: false, items: [[{ text: 'one', bold: false }], [{ text: 'two', bold: true }]] },
      { kind: 'list', ordered: true, items: [[{ text: 'first', bold: false }], [{ text: 'second', bold: false }]] },
      { kind: 'paragraph', spans: [{ text: 'after', bold: false }] },
    ]);
  });

  it('keeps HTML as plain text and an unclosed ** literal', () => {
    expect(parseSpans('<img src=x onerror=alert(1)> **open')).toEqual([
      { text: '<img src=x onerror=alert(1)> **open', bold: false },
    ]);
    expect(parseMarkup('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', spans: [{ text: '<script>alert(1)</script>', bold: false }] },
    ]);
  });
});
