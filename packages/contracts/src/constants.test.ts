import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import * as contracts from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module the file imports, transitively: relative files by path, packages by name. */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (fileName.startsWith('.')) visit(path.resolve(path.dirname(file), fileName.replace(/\.js$/, '.ts')));
      else packages.add(fileName);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(here, file)).sort(), packages: [...packages].sort() };
}

describe('the zod-free entry (@openbourse/contracts/constants)', () => {
  it('imports no package at all, so no schema library reaches the first page', () => {
    const graph = importGraph(path.join(here, 'constants.ts'));
    expect(graph.packages).toEqual([]);
    // The walk did follow the re-exports (an empty graph would pass for the wrong reason).
    expect(graph.files).toEqual(['constants.ts', 'errors/codes.ts', 'languages.ts', 'market/market.constants.ts']);
  });

  it('offers the same values as the full contracts', () => {
    expect(constants.MARKET_TYPES).toBe(contracts.MARKET_TYPES);
    expect(constants.CANDLE_INTERVAL_MS).toBe(contracts.CANDLE_INTERVAL_MS);
    expect(constants.CATALOGUE).toBe(contracts.CATALOGUE);
    expect(constants.LANGUAGES).toBe(contracts.LANGUAGES);
  });
});
