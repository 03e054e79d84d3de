import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';

/** Every `id` / `*_id` / `*_ids` field of a request schema (query, body, request) in the contract. */
function idFields(): Array<[string, z.ZodType]> {
  const found: Array<[string, z.ZodType]> = [];
  for (const [name, value] of Object.entries(contract)) {
    if (!/(Query|Body|Request)Schema$/.test(name) || !(value instanceof z.ZodObject)) continue;
    for (const [field, schema] of Object.entries(value.shape as Record<string, z.ZodType>)) {
      const many = field.endsWith('ids');
      // Numeric ids only: a text field such as the audit log's `target_id` takes words too.
      const numeric = !schema.safeParse(many ? ['x'] : 'x').success;
      if (/(^id|_id|_ids|^ids)$/.test(field) && numeric) found.push([`${name}.${field}`, schema]);
    }
  }
  return found;
}

describe('row ids in requests', () => {
  it('are refused above PostgreSQL integer range, so they never reach the database (a 500 before)', () => {
    const fields = idFields();
    expect(fields.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const [field, schema] of fields) {
      const many = field.endsWith('ids');
      for (const value of [2 ** 31, String(2 ** 31), 2 ** 53 + 1]) {
        if (schema.safeParse(many ? [value] : value).success) wrong.push(`${field} takes ${value}`);
      }
      if (!schema.safeParse(many ? [contract.maxRowId] : contract.maxRowId).success)
        wrong.push(`${field} refuses the largest id`);
    }
    expect(wrong).toEqual([]);
  });
});
