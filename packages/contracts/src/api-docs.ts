import { z } from './zod-config.ts';

// Language codes the schema endpoint accepts (`lang`), as Django's LANGUAGES lists them.
// Operation texts are English and validation messages Czech whatever the language asked for.
export const SCHEMA_LANGUAGES = [
  'af', 'ar', 'ar-dz', 'ast', 'az', 'be', 'bg', 'bn', 'br', 'bs', 'ca', 'ckb', 'cs', 'cy', 'da', 'de', 'dsb', 'el',
  'en', 'en-au', 'en-gb', 'eo', 'es', 'es-ar', 'es-co', 'es-mx', 'es-ni', 'es-ve', 'et', 'eu', 'fa', 'fi', 'fr', 'fy',
  'ga', 'gd', 'gl', 'he', 'hi', 'hr', 'hsb', 'hu', 'hy', 'ia', 'id', 'ig', 'io', 'is', 'it', 'ja', 'ka', 'kab', 'kk',
  'km', 'kn', 'ko', 'ky', 'lb', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'my', 'nb', 'ne', 'nl', 'nn', 'os', 'pa',
  'pl', 'pt', 'pt-br', 'ro', 'ru', 'sk', 'sl', 'sq', 'sr', 'sr-latn', 'sv', 'sw', 'ta', 'te', 'tg', 'th', 'tk', 'tr',
  'tt', 'udm', 'ug', 'uk', 'ur', 'uz', 'vi', 'zh-hans', 'zh-hant',
] as const;

/** Query of GET /schema.yaml: YAML by default, JSON with format=json. */
export const schemaQuery = z.object({
  format: z.enum(['json', 'yaml']).default('yaml'),
  lang: z.enum(SCHEMA_LANGUAGES, 'Nepodporovaný kód jazyka.').optional(),
});
export type SchemaQuery = z.output<typeof schemaQuery>;
export type SchemaFormat = SchemaQuery['format'];
