import type { Rolldown } from 'vite';

const nm = String.raw`node_modules[\\/]`;
const src = String.raw`src[\\/]`;
const group = (name: string, parts: string[]): Rolldown.CodeSplittingGroup => ({
  name,
  test: new RegExp(`(?:${parts.join('|')})(?:[\\\\/.]|$)`),
  includeDependenciesRecursively: false,
});

/**
 * The chunks of the first screens after /home (ADR 0020): /login (and /bag without a session),
 * /bag and /detail. Left to itself, rolldown splits their code by the set of screens using each
 * piece: 20–30 files of 0.2–3 KB per screen, which a first visit fetches six at a time over HTTP/1.1,
 * one round trip per six, before the screen can paint. Here they are one kit shared by the three
 * (antd-mobile's button, input, overlays and their helpers, the cart; not the API client, which
 * /home loads too) and one small chunk of
 * each screen's own helpers; none of it is code that the first load of /home runs (the `framework`,
 * `boot`, `shell-*` groups come first), so the home budget does not move.
 */
export const firstScreenGroups: Rolldown.CodeSplittingGroup[] = [
  // The sheets' Popup, Dialog and the drag gesture: loaded on first use and warmed once the first
  // screen is up (ADR 0020 addendum 2). Toast stays in the kit: /bag without a session shows one
  // beside the login screen, and a chunk of its own there cost Lighthouse's LCP more than it saved.
  group('overlay-kit', [
    `${nm}antd-mobile[\\\\/]es[\\\\/](?:components[\\\\/](?:popup|center-popup|dialog)|utils[\\\\/](?:use-drag-and-pinch|use-tab-list-scroll))`,
    `${nm}@use-gesture`,
    `${src}shared[\\\\/]ui[\\\\/]sheet-popup`,
  ]),
  group('screen-kit', [
    `${nm}antd-mobile[\\\\/]es[\\\\/](?:index|global|locales[\\\\/]zh-CN|utils|components[\\\\/](?:button|input|dot-loading|image|safe-area|config-provider|auto-center|mask|toast|spin-loading))`,
    `${nm}antd-mobile-icons[\\\\/]es[\\\\/](?:AddOutline|CheckOutline|CloseOutline|CloseCircleFill|RightOutline)`,
    `${nm}(?:ahooks|rc-util|antd-mobile[\\\\/]node_modules[\\\\/]react-is|@babel[\\\\/]runtime|classnames|tslib|staged-components|lodash|resize-observer-polyfill|@react-spring)`,
    `${src}shared[\\\\/](?:lib[\\\\/]recently-viewed|ui[\\\\/](?:antd-(?:mobile|locale)|sheet|use-loaded-when))`,
    `${src}features[\\\\/]cart[\\\\/]api[\\\\/]cart`,
  ]),
  group('login-kit', [
    `${nm}antd-mobile-icons[\\\\/]es[\\\\/](?:EyeOutline|EyeInvisibleOutline|GlobalOutline)`,
    `${src}shared[\\\\/](?:session[\\\\/](?:account-api|start-session)|i18n[\\\\/]change-language|ui[\\\\/]language-(?:sheet|name))`,
    `${src}features[\\\\/]auth[\\\\/]api[\\\\/]login`,
  ]),
  group('detail-kit', [
    `${nm}antd-mobile-icons[\\\\/]es[\\\\/](?:HeartFill|HeartOutline|UploadOutline)`,
    `${src}shared[\\\\/]lib[\\\\/](?:clipboard|format-time)`,
    `${src}features[\\\\/]catalog[\\\\/](?:api[\\\\/](?:favourites|shops|product-detail)|lib[\\\\/]optimistic|hooks[\\\\/]use-follow|components[\\\\/](?:(?:follow|share)-button|review-(?:item|summary)))`,
  ]),
  group('bag-kit', [
    `${nm}@rc-component[\\\\/]mini-decimal`,
    `${src}shared[\\\\/](?:ui[\\\\/](?:shop-name|recently-viewed)|lib[\\\\/]use-line-text)`,
  ]),
];
