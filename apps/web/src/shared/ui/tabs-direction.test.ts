import { describe, expect, it } from 'vitest';

/**
 * antd-mobile's Tabs sets `direction: ltr` on itself unless given its `direction` prop: without
 * `direction={currentDir()}` the first tab stands at the left in Arabic and Urdu.
 */
const sources = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe("antd-mobile's Tabs", () => {
  it('are given the UI language’s direction wherever they are used', () => {
    const mobileTabs = Object.entries(sources).filter(([, source]) =>
      /import \{[^}]*\bTabs\b[^}]*\} from 'antd-mobile'/.test(source),
    );
    expect(mobileTabs.length).toBeGreaterThan(0);
    const undirected = mobileTabs.flatMap(([file, source]) =>
      [...source.matchAll(/<Tabs(?=[\s>])[^>]*>/g)]
        .filter(([tag]) => !tag.includes('direction={currentDir()}'))
        .map(([tag]) => `${file}: ${tag.slice(0, 60)}`),
    );
    expect(undirected).toEqual([]);
  });
});
