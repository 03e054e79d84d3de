import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkupView } from './markup-view.tsx';

describe('MarkupView', () => {
  it('renders headings, lists and bold as elements', () => {
    const { container } = render(<MarkupView source={'# Title\n## Sub\n- **a** b\n1. c\n\ntext'} />);
    expect(container.querySelector('h2')?.textContent).toBe('Title');
    expect(container.querySelector('h3')?.textContent).toBe('Sub');
    expect(container.querySelector('ul strong')?.textContent).toBe('a');
    expect(container.querySelector('ol li')?.textContent).toBe('c');
    expect(container.querySelector('p')?.textContent).toBe('text');
  });

  it('never lets a script or an event attribute through: they show as text', () => {
    const source =
      '# <script>window.hacked = 1</script>\n<img src=x onerror="window.hacked = 2">\n- <a href="javascript:alert(1)">x</a>';
    const { container } = render(<MarkupView source={source} />);
    expect(container.querySelector('script, img, a, [onerror]')).toBeNull();
    // Markup characters arrive escaped as text (&lt;), never as tags.
    expect(container.innerHTML).not.toMatch(/<script|<img|<a /);
    expect(container.innerHTML).toContain('&lt;script&gt;');
    expect(container.textContent).toContain('<script>window.hacked = 1</script>');
    expect(container.textContent).toContain('<img src=x onerror="window.hacked = 2">');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});
