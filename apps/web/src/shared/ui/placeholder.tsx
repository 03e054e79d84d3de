import type { ReactNode } from 'react';

export function Placeholder({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <main style={{ padding: '48px 24px', textAlign: 'center' }}>
      <h1 style={{ color: 'var(--cm-brand)', margin: '0 0 8px' }}>{title}</h1>
      <p style={{ color: 'var(--cm-text-2)', margin: 0 }}>{subtitle}</p>
      {children}
    </main>
  );
}
