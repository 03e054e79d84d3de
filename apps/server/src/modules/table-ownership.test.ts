import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A module reads and writes only its own tables (docs/architecture.md, module map). Imports of
 * another module's schema file are refused by `npm run boundaries`; this test refuses the other
 * way in: raw SQL text (sql`…` templates, sql.raw) that names another owner's table.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaDir = path.join(here, '..', 'db', 'schema');

/** Table name → owner (the schema file's name: a module, or a plugin / infrastructure owner). */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of readdirSync(schemaDir)) {
    if (!file.endsWith('.ts') || file === 'index.ts') continue;
    const owner = file.slice(0, -'.ts'.length);
    const source = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of source.matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) owners.set(match[1] as string, owner);
  }
  return owners;
}

/** The literal text of every sql`…` template (interpolations removed) and sql.raw('…') string, with its line. */
function sqlTexts(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(/\bsql(?:<[^`(]*?>)?`/g)) {
    let index = (match.index ?? 0) + match[0].length;
    let text = '';
    let depth = 0;
    for (; index < source.length; index += 1) {
      const char = source[index];
      if (depth === 0 && char === '`') break;
      if (depth === 0 && char === '$' && source[index + 1] === '{') {
        depth = 1;
        index += 1;
        text += ' ';
        continue;
      }
      if (depth > 0) {
        if (char === '{') depth += 1;
        if (char === '}') depth -= 1;
        continue;
      }
      text += char;
    }
    found.push({ line: lineOf(match.index ?? 0), text });
  }
  for (const match of source.matchAll(/\bsql\.raw\(\s*(['"`])((?:(?!\1).)*)\1/g)) {
    found.push({ line: lineOf(match.index ?? 0), text: match[2] as string });
  }
  return found;
}

/** Tables named in the module's SQL that belong to another owner, as `file:line names table (owner)`. */
function foreignTablesIn(module: string, file: string, source: string, owners: ReadonlyMap<string, string>): string[] {
  const violations: string[] = [];
  for (const { line, text } of sqlTexts(source)) {
    for (const word of text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []) {
      const owner = owners.get(word);
      if (owner !== undefined && owner !== module) violations.push(`${file}:${line} names ${word} (owned by ${owner})`);
    }
  }
  return violations;
}

function moduleSources(): { module: string; file: string; source: string }[] {
  const sources: { module: string; file: string; source: string }[] = [];
  for (const module of readdirSync(here, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    const dir = path.join(here, module.name);
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const full = path.join(dir, file);
      sources.push({ module: module.name, file: path.relative(here, full), source: readFileSync(full, 'utf8') });
    }
  }
  return sources;
}

describe('table ownership', () => {
  const owners = tableOwners();

  it('knows the tables of every schema file', () => {
    expect(owners.get('cart_items')).toBe('cart');
    expect(owners.get('product_skus')).toBe('catalog');
    expect(owners.get('users')).toBe('accounts');
    expect(owners.get('idempotency_keys')).toBe('idempotency');
  });

  it('finds a foreign table in raw SQL and ignores interpolated columns and own tables', () => {
    // Source text under test; `#{` stands for an interpolation's opening.
    const source = [
      'const a = sql`select 1 from users where id = #{orders.userId}`;',
      'const b = sql<number>`coalesce((select sum(#{x}) from #{shopDailyStats}), 0)`;',
      "const c = sql.raw('delete from cart_items');",
      "const d = sql`select nextval(pg_get_serial_sequence('orders', 'id'))`;",
    ]
      .join('\n')
      .replaceAll('#{', String.fromCharCode(36, 123));
    expect(foreignTablesIn('orders', 'orders/x.ts', source, owners)).toEqual([
      'orders/x.ts:1 names users (owned by accounts)',
      'orders/x.ts:3 names cart_items (owned by cart)',
    ]);
  });

  it('no module names another owner’s table in raw SQL', () => {
    const sources = moduleSources();
    expect(sources.length).toBeGreaterThan(20);
    const violations = sources.flatMap(({ module, file, source }) => foreignTablesIn(module, file, source, owners));
    expect(violations).toEqual([]);
  });
});
