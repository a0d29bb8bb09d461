/**
 * Module boundaries, checked by `npm run boundaries` (part of `npm run check`). Violations that existed
 * when a rule arrived are listed in .dependency-cruiser-known-violations.json and tolerated; any new one
 * fails the check. Shrink that list as code moves; never add to it by hand (docs/ARCHITECTURE.md,
 * "Boundaries").
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: two modules that need each other are one module, or need a third they both import.',
      from: { path: '^(packages/core|server|client)/src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Folders (server modules, layers, client features) that import each other in a ring: what both need belongs ' +
        'in a folder both import (domain/, lib/, a kernel module), not in either.',
      from: { path: '^(packages/core|server|client)/src/' },
      to: { circular: true },
    },
    {
      name: 'shared-core-is-pure',
      severity: 'error',
      comment:
        'packages/core (@escrow/core) is shared with the browser: it imports only itself, zod and pure libraries; ' +
        'never the server or the client, Prisma, Fastify, pg or node: built-ins (docs/adr/0014-shared-core-package.md).',
      from: { path: '^packages/core/' },
      to: {
        pathNot: '^packages/core/',
        path: ['^server/', '^client/', '^packages/', '(^|/)node_modules/(@prisma|prisma|fastify|@fastify|pg|@trpc|react)(/|$)'],
      },
    },
    {
      name: 'shared-core-no-node-builtins',
      severity: 'error',
      comment: 'packages/core runs in browsers too: use Web APIs (globalThis.crypto…), not node: modules.',
      from: { path: '^packages/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'client-features-independent',
      severity: 'error',
      comment:
        'A client feature does not import another feature: move what both need to client/src/shared ' +
        '(or components/, lib/), which features may import.',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'client-imports-only-shared-server-code',
      severity: 'error',
      comment: 'The client reaches the server over HTTP; the code it shares with the server is @escrow/core (packages/core).',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'ussd-uses-use-cases-not-prisma',
      severity: 'error',
      comment: 'USSD menus call use-cases; only its session store (and its own use-cases) touch the database module or Prisma.',
      from: {
        path: '^server/src/modules/ussd/',
        pathNot: ['^server/src/modules/ussd/(session-store\\.ts|use-cases/|test/)', '\\.test\\.ts$'],
      },
      to: { path: ['^server/src/(db|generated)/', '(^|/)node_modules/(@prisma|prisma)(/|$)'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing: a typo or a missing dependency.',
      from: { path: '^(packages/core|server|client)/src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests import helpers from everywhere; the rules are about the shipped code.
    exclude: { path: ['^server/src/generated/', '(^|/)dist/', '\\.test\\.tsx?$', '^server/test/', '/test/'] },
    // Type-only imports count: a type import of server code still ties the client to it.
    tsPreCompilationDeps: true,
    // The client's alias (@/); @escrow/core resolves through its workspace link to packages/core.
    tsConfig: { fileName: 'tsconfig.boundaries.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
  },
};
