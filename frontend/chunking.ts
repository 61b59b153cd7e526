import path from 'node:path';
import type { GetManualChunk, ManualChunkMeta, Plugin } from 'rollup';
import type { Plugin as VitePlugin } from 'vite';
import { THEME_BOOT_SCRIPT } from '../libs/contracts/src/theme';

/**
 * How the build splits the client into files (rollup's manualChunks).
 *
 * - Vendor code goes into a few named chunks instead of one blob: React and the router, which every
 *   page needs and which change rarely, stay cached across releases; the heavy ones only some
 *   screens use (the emoji picker and its data, PayPal, the socket client) stay out of first loads.
 *   The query cache is left to rollup: split by module, /login takes only the parts it uses. The
 *   bundle budget check (scripts/check-bundle-budget.mjs) reads these names.
 * - The signed-in shell and what Home needs beyond the first load travel as one chunk, `shell`:
 *   left to rollup they are a dozen small files, each a round trip on a phone's network before the
 *   feed can show. Every signed-in screen needs the shell anyway.
 */

const VENDOR: [test: (pkg: string) => boolean, chunk: string][] = [
  [(pkg) => pkg === 'react' || pkg === 'react-dom' || pkg === 'scheduler', 'react'],
  [(pkg) => pkg === 'react-router' || pkg === 'react-router-dom', 'router'],
  [(pkg) => pkg === 'emoji-picker-react', 'emoji'],
  [(pkg) => pkg.startsWith('@paypal/'), 'paypal'],
  [(pkg) => pkg.includes('socket.io') || pkg.includes('engine.io'), 'socket'],
  // The request schemas' library: only the screens whose contracts build schemas load it (the sign-in
  // page gets the route table without them, client-route-table.ts).
  [(pkg) => pkg === 'zod', 'zod'],
];

const SHELL_ROOTS = ['/src/app/SignedInRoutes.tsx', '/src/features/home/HomePage.tsx'];

/**
 * Small parts that several signed-in screens share but Home does not use: left to rollup each is a
 * file of its own (under 1 KB), and Settings, which uses them all, waited on six more round trips
 * before it could draw. Every signed-in screen loads the shell anyway; they add about 2 KB to it.
 * What the signed-out pages load on demand (signing in with a passkey, the second step) is kept in
 * modules of its own (api/passkeySignIn.ts, api/twoFactorSignIn.ts): those must not bring the shell.
 */
const SHELL_PARTS = [
  '/src/queries/notifications.ts',
  '/src/queries/twoFactor.ts',
  '/src/queries/billing.ts',
  '/src/api/billing.ts',
  '/src/queries/plans.ts',
  '/src/components/emoji/emojiSettings.ts',
  '/src/components/emoji/emojiConfig.ts',
  '/src/components/emoji/emojiImages.ts',
  '/src/components/profile/LazyEditProfileModal.tsx',
];

/**
 * The query library's parts that only lists and forms use. Its index re-exports everything, so by
 * imports alone the whole library looks like part of the first load; these are named for the shell
 * so /login does not carry them.
 */
const QUERY_PARTS_FOR_SCREENS =
  /@tanstack\/(react-query|query-core)\/.*\/(infiniteQueryObserver|mutationObserver|queriesObserver|hydration|streamedQuery|HydrationBoundary|useInfiniteQuery|useMutation|useMutationState|useIsFetching|useQueries|usePrefetchInfiniteQuery|usePrefetchQuery|useSuspenseInfiniteQuery|useSuspenseQueries|useSuspenseQuery|infiniteQueryOptions|mutationOptions)\.js$/;

function vendorChunk(id: string): string | undefined {
  // Vite's preload helper goes where every page loads it anyway, and first: the boot script starts
  // the screens' downloads with it. Left to rollup it lands in the first named chunk that uses it
  // (the emoji picker's), and the entry would then import the emoji data.
  if (id.includes('vite/preload-helper')) return 'boot';
  if (id.includes('commonjsHelpers')) return 'react';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  if (!match) return undefined;
  return VENDOR.find(([test]) => test(match[1]))?.[1];
}

/** Whether `id` is among the static imports (direct or not) of a module that `isRoot` picks. */
function reachedStatically(id: string, meta: ManualChunkMeta, isRoot: (id: string) => boolean, seen = new Set<string>()): boolean {
  // The entry module itself (index.html) stays the entry chunk.

  if (seen.has(id)) return false;
  seen.add(id);
  if (isRoot(id)) return true;
  return (meta.getModuleInfo(id)?.importers ?? []).some((importer) => reachedStatically(importer, meta, isRoot, seen));
}

/**
 * The contracts the sign-in page's code runs: the auth, http and passkey messages, the account mail's paths and login links, the groups (and the boot
 * script's own, BOOT_MODULES, the route table among them, which the entry takes from there). Every contracts module is
 * reached from the entry through the package's index, so by imports alone all of them look like part
 * of the first load; the rest (the message catalogue, the post, feed and safety rules, the socket
 * events...) travel as a file of their own, `catalogue`, that the screens import. The bundle budget
 * check fails if the sign-in page comes to load it.
 */
const SIGN_IN_CONTRACTS = ['index.ts', 'auth-messages.ts', 'account-mail-paths.ts', 'http-messages.ts', 'passkey-messages.ts', 'groups.ts'].map((file) => `/libs/contracts/src/${file}`);
const CONTRACTS = '/libs/contracts/src/';

/**
 * The boot script (src/boot.ts), an entry of its own that index.html runs first: it starts a
 * signed-in visitor's shell and screen downloads and the screen's first reads, so it must not wait
 * for React. It holds only what it runs: the storage reader, the screen table with its matching and
 * first reads, the code loaders, the early-read store and request paths, and the contracts these use
 * (the route table among them; listed by name: the contracts index re-exports everything, so by
 * imports alone all of it would come along). scripts/check-bundle-budget.mjs fails if it comes to
 * import another file.
 */
export const BOOT_ENTRY = 'src/boot.ts';
const BOOT_MODULES = [
  BOOT_ENTRY,
  'src/app/screens.ts',
  'src/app/bootScreenMatch.ts',
  'src/app/firstRequests.ts',
  'src/app/loadCode.ts',
  'src/app/signedInCode.ts',
  'src/api/early.ts',
  'src/api/paths.ts',
  'src/lib/persisted.ts',
]
  .map((file) => `/frontend/${file}`)
  .concat(['storage-keys.ts', 'categories.ts', 'emoji.ts', 'app-client.ts', 'routes.ts', 'api-route.ts', 'limits.ts'].map((file) => `/libs/contracts/src/${file}`));

export const manualChunks: GetManualChunk = (id, meta) => {
  const vendor = vendorChunk(id);
  if (vendor) return vendor;
  if (QUERY_PARTS_FOR_SCREENS.test(id)) return 'shell';
  if (BOOT_MODULES.some((file) => id.endsWith(file))) return 'boot';
  if (id.includes(CONTRACTS) && !SIGN_IN_CONTRACTS.some((file) => id.endsWith(file))) return 'catalogue';
  // What the entry imports is named too (`app`): rollup moves an unnamed module that a named chunk
  // imports into that chunk, and the shell would take the entry's code with it.
  if (reachedStatically(id, meta, (m) => meta.getModuleInfo(m)?.isEntry === true)) return 'app';
  if (SHELL_PARTS.some((part) => id.endsWith(part))) return 'shell';
  // Screens keep chunks of their own (Home's own code too, so other screens do not carry it).
  if (SHELL_ROOTS.slice(1).some((root) => id.endsWith(root))) return undefined;
  return reachedStatically(id, meta, (m) => SHELL_ROOTS.some((root) => m.endsWith(root))) ? 'shell' : undefined;
};

/**
 * Writes `.vite/chunk-modules.json` beside Vite's manifest: each JavaScript file of the build with
 * the source modules in it (paths from the repository root). The manifest names only a chunk's
 * first module, so this is how the bundle budget check finds the file a screen's code went into.
 */
export function chunkModulesFile(root: string): Plugin {
  return {
    name: 'chunk-modules-file',
    generateBundle(_options, bundle) {
      const files: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        files[output.fileName] = Object.keys(output.modules)
          .filter((id) => !id.startsWith('\0'))
          .map((id) => path.relative(root, id.split('?')[0]));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(files, null, 1) });
    },
  };
}

/**
 * Adds the boot script's tag to index.html (its built file's hashed name in a build): Vite would
 * bundle a second script written there into the first one's file, behind React. `async`, so it runs
 * as soon as it arrives rather than in turn after the entry. Before it, at the end of the head, the
 * theme's inline script (contracts THEME_BOOT_SCRIPT, allowed by its hash in the app shell's CSP):
 * the stored colour theme is on `<html>` before the first paint.
 */
export function bootScript(): VitePlugin {
  return {
    name: 'boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const built = bundle && Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(BOOT_ENTRY));
        const src = built ? `/${built.fileName}` : `/${BOOT_ENTRY}`;
        return [
          { tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head' },
          { tag: 'script', attrs: { type: 'module', crossorigin: true, async: true, src }, injectTo: 'head' },
        ];
      },
    },
  };
}
