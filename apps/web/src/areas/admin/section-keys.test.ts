import { describe, expect, it } from 'vitest';
import { adminSectionKeys } from './section-keys.ts';

const adminParts = import.meta.glob<{ default: { adminConsole?: { menu?: Record<string, string> } } }>(
  '../../locales/admin/*.json',
  { eager: true },
);

describe('admin console menu', () => {
  it('labels every section in every language of the admin part', () => {
    const files = Object.entries(adminParts);
    expect(files.length).toBeGreaterThan(0);
    const missing = files.flatMap(([file, { default: texts }]) =>
      adminSectionKeys.filter((key) => !texts.adminConsole?.menu?.[key]).map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
