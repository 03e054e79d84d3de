/**
 * A reviewer's name as others see it: the first and last character around `***` (`d***o`), so a
 * review never shows a whole account name. One-character names show that character only.
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
