import { act, render } from '@testing-library/react';
import { SearchBar, setDefaultConfig } from 'antd-mobile';
import zhCN from 'antd-mobile/cjs/locales/zh-CN.js';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import jp from '../../locales/jp.json' with { type: 'json' };
import { i18n } from '../i18n/i18n.ts';
import { installAntdLocale } from './antd-locale.ts';

const names = (root: HTMLElement) =>
  [...root.querySelectorAll('[aria-label]')].map((node) => node.getAttribute('aria-label'));

describe('antd-mobile texts follow the UI language', () => {
  it("names the search box and its clear button in the UI language, not antd-mobile's Chinese", () => {
    i18n.addTexts('jp', jp);
    i18n.addTexts('en', en);
    i18n.changeLanguage('jp');
    expect(names(render(<SearchBar value="camera" />).container)).toEqual(expect.arrayContaining(['搜索框', '清除']));

    installAntdLocale(setDefaultConfig, zhCN);
    expect(names(render(<SearchBar value="camera" />).container)).toEqual(
      expect.arrayContaining(['検索ボックス', 'クリア']),
    );

    act(() => i18n.changeLanguage('en'));
    const english = names(render(<SearchBar value="camera" />).container);
    expect(english).toEqual(expect.arrayContaining(['Search box', 'Clear']));
    expect(english).not.toContain('搜索框');
  });
});
