/**
 * What `import … from 'antd-mobile'` resolves to in the app's build and dev server (vite.config.ts
 * `resolve.alias`): the library, with its built-in texts in the UI language before any of its
 * components renders (`installAntdLocale`). Tests import the library itself.
 */
import { setDefaultConfig } from 'antd-mobile/es/index.js';
import zhCN from 'antd-mobile/es/locales/zh-CN.js';
import { installAntdLocale } from './antd-locale.ts';

export * from 'antd-mobile/es/index.js';

installAntdLocale(setDefaultConfig, zhCN);
