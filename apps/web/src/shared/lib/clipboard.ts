export type CopyResult = 'copied' | 'insecure' | 'failed';

/** Copy to clipboard (docs/spec.md §5: unavailable on non-HTTPS pages, which the caller reports). */
export async function copyText(text: string): Promise<CopyResult> {
  if (!window.isSecureContext || !navigator.clipboard) return 'insecure';
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
