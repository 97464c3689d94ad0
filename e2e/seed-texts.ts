import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type SeedFile = { pages: Record<string, { title: string; body: string }> };

const seedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules/content/seed');

/** The seeded title of a page in a language, so journeys assert on real content. */
export function seededPageTitle(language: string, slug: string): string {
  const file = JSON.parse(readFileSync(path.join(seedDir, `${language}.json`), 'utf8')) as SeedFile;
  const page = file.pages[slug];
  if (!page) throw new Error(`no seeded page ${slug} in ${language}`);
  return page.title;
}
