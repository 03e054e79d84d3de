import { z } from 'zod';
import { languageFiles } from './language-table.ts';

export * from './language-table.ts';

export const languageFileSchema = z.enum(languageFiles);

export const languageItemSchema = z.object({
  file_name: languageFileSchema,
  language_name: z.string(),
  chinese_name: z.string(),
  tag: z.string(),
  dir: z.enum(['ltr', 'rtl']),
});
export type LanguageItem = z.infer<typeof languageItemSchema>;
export const languageListSchema = z.array(languageItemSchema);
