/**
 * Keyword search on Postgres full-text search, for every script we sell in.
 *
 * Postgres' parsers split text on spaces, which Japanese, Chinese and Thai do not use, so the
 * catalog builds its own lexemes (the classic CJK bigram scheme, as Lucene's CJK analyzer does):
 * - text is NFKC-normalised (full-width Latin → ASCII, half-width kana → full-width) and lower-cased;
 * - runs of letters and digits in space-less scripts become overlapping bigrams plus single
 *   characters, one position per character;
 * - every other run is one word.
 * A query uses the same rules: a word matches as a prefix (`ear` finds `earbuds`), a CJK run as a
 * phrase of its bigrams (`イヤホン` = `イヤ <-> ヤホ <-> ホン`, so it matches only the exact
 * sequence), and all parts must match. Title lexemes carry weight A and description ones D, so
 * `ts_rank` puts title matches first. No extension is needed, so PGlite and any PostgreSQL behave
 * the same, and a GIN index on the tsvector serves every query.
 */

const wordPattern = /[\p{L}\p{M}\p{N}]+/gu;
/** Scripts written without spaces between words; `ー` (prolonged sound mark) counts as kana. */
const spacelessPattern =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}ー々〆]+/gu;

/** Postgres keeps positions up to 16383; longer texts are indexed up to a bound. */
const maxPosition = 16_000;
const maxLexemeLength = 100;

type Segment = { kind: 'word' | 'cjk'; text: string };

export function normalizeSearchText(input: string): string {
  return input.normalize('NFKC').toLowerCase();
}

/** Splits normalised text into words and space-less runs, in order. */
function segments(text: string): Segment[] {
  const out: Segment[] = [];
  for (const [run] of text.matchAll(wordPattern)) {
    let last = 0;
    for (const match of run.matchAll(spacelessPattern)) {
      const start = match.index ?? 0;
      if (start > last) out.push({ kind: 'word', text: run.slice(last, start) });
      out.push({ kind: 'cjk', text: match[0] });
      last = start + match[0].length;
    }
    if (last < run.length) out.push({ kind: 'word', text: run.slice(last) });
  }
  return out;
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

export interface SearchField {
  text: string;
  weight: 'A' | 'B' | 'C' | 'D';
}

/** The tsvector literal of some weighted texts, to be stored in a `search_vector` column. */
export function buildSearchVector(fields: readonly SearchField[]): string {
  const positions = new Map<string, string[]>();
  let position = 1;
  const add = (lexeme: string, at: number, weight: SearchField['weight']) => {
    if (lexeme.length > maxLexemeLength) return;
    const list = positions.get(lexeme) ?? [];
    // A lexeme keeps at most 256 positions in Postgres; a few are plenty for ranking.
    if (list.length < 64) list.push(weight === 'D' ? String(at) : `${at}${weight}`);
    positions.set(lexeme, list);
  };
  for (const field of fields) {
    for (const segment of segments(normalizeSearchText(field.text))) {
      if (position >= maxPosition) break;
      if (segment.kind === 'word') {
        add(segment.text, position, field.weight);
        position += 1;
        continue;
      }
      const chars = [...segment.text];
      chars.forEach((char, index) => {
        const at = Math.min(position + index, maxPosition);
        add(char, at, field.weight);
        const next = chars[index + 1];
        if (next) add(char + next, at, field.weight);
      });
      position += chars.length;
    }
    // A gap between fields, so that a phrase never spans two of them.
    position += 2;
  }
  return [...positions].map(([lexeme, at]) => `${quoteLexeme(lexeme)}:${at.join(',')}`).join(' ');
}

/**
 * The tsquery text of a shopper's keyword, or undefined when it holds nothing searchable.
 * Bounded to the first 8 parts so that a pasted paragraph cannot build a huge query.
 */
export function buildSearchQuery(keyword: string): string | undefined {
  const parts: string[] = [];
  for (const segment of segments(normalizeSearchText(keyword)).slice(0, 8)) {
    if (segment.kind === 'word') {
      if (segment.text.length <= maxLexemeLength) parts.push(`${quoteLexeme(segment.text)}:*`);
      continue;
    }
    const chars = [...segment.text].slice(0, 32);
    if (chars.length === 1) {
      parts.push(quoteLexeme(chars[0] as string));
      continue;
    }
    const bigrams = chars.slice(0, -1).map((char, index) => quoteLexeme(char + chars[index + 1]));
    parts.push(bigrams.length === 1 ? (bigrams[0] as string) : `(${bigrams.join(' <-> ')})`);
  }
  return parts.length > 0 ? parts.join(' & ') : undefined;
}
