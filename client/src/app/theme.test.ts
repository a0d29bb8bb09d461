/**
 * The public pages' Chakra system has only the recipes those pages use (./theme.ts): a component whose
 * recipe is missing renders unstyled without any error. This walks the public pages' imports, finds the
 * recipe keys of the Chakra components they use (in Chakra's own sources) and checks each is there.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from './public-routes';
import { PUBLIC_RECIPE_KEYS } from './theme';

const clientSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chakraComponents = path.resolve(clientSrc, '../../node_modules/@chakra-ui/react/dist/esm/components');

const pageFile = (routePath: string) => path.join(clientSrc, 'pages', `${routePath === '/' ? 'home' : routePath.slice(1)}.tsx`);

function resolveSource(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(clientSrc, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (existsSync(base + suffix) && statSync(base + suffix).isFile()) return base + suffix;
  }
  return undefined;
}

/** Every value imported from @chakra-ui/react by `entries` and the modules they import (lazy ones too). */
function chakraImports(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const names = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, what, from] of source.matchAll(/import\s+(?!type\s)([\s\S]*?)\s+from\s+'([^']+)'/g)) {
      if (from === '@chakra-ui/react') {
        for (const part of what!.replace(/[{}]/g, '').split(',')) {
          const name = part.trim().split(/\s+as\s+/)[0]!;
          if (name && !name.startsWith('type ')) names.add(name);
        }
      }
      const resolved = resolveSource(file, from!);
      if (resolved) visit(resolved);
    }
    for (const [, from] of source.matchAll(/import\('([^']+)'\)/g)) {
      const resolved = resolveSource(file, from!);
      if (resolved) visit(resolved);
    }
  };
  entries.forEach(visit);
  return names;
}

/** The recipe keys a Chakra component (its folder, and the component folders it imports) asks for. */
function recipeKeysOf(folder: string, seen = new Set<string>()): string[] {
  if (seen.has(folder) || !existsSync(folder)) return [];
  seen.add(folder);
  const keys: string[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.js'))) {
    const source = readFileSync(path.join(folder, file), 'utf8');
    for (const [, key] of source.matchAll(/key: "([A-Za-z]+)"/g)) keys.push(key!);
    for (const [, other] of source.matchAll(/from '\.\.\/([a-z-]+)\//g))
      keys.push(...recipeKeysOf(path.join(chakraComponents, other!), seen));
  }
  return keys;
}

const kebab = (name: string) => name.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase();

describe('the public pages’ Chakra system', () => {
  it('has the recipe of every Chakra component the public pages and their layout use', () => {
    const entries = [
      path.join(clientSrc, 'app/providers.tsx'),
      path.join(clientSrc, 'layouts/public-layout.tsx'),
      path.join(clientSrc, 'components/route-error.tsx'),
      path.join(clientSrc, 'pages/not-found.tsx'),
      ...PUBLIC_ROUTES.map((route) => pageFile(route.path)).filter((file) => existsSync(file)),
    ];
    const components = chakraImports(entries);
    expect(components.has('Button')).toBe(true);
    const needed = new Set([...components].flatMap((name) => recipeKeysOf(path.join(chakraComponents, kebab(name)))));
    expect(needed.size).toBeGreaterThan(5);
    // Keys Chakra's default theme has no recipe for (Text asks for "text") style nothing in either system.
    const themed = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    expect([...needed].filter((key) => themed.has(key) && !PUBLIC_RECIPE_KEYS.includes(key))).toEqual([]);
  });
});
