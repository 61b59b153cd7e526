#!/usr/bin/env node
// The type-check of every workspace (`npm run typecheck`: --typecheck-only) and, in npm test, eslint in
// the same process: the TypeScript programs are built once, their diagnostics are the type-check, and
// eslint's type-aware rules read the same programs (typescript-eslint's `programs`) instead of building
// their own through the project service. Building the programs is a large share of both: done once, the pair took 83 CPU
// seconds against 101 apart (docs/decisions/0010-npm-test-layout.md). Exits non-zero on any type error or
// lint problem (warnings included, as `eslint --max-warnings=0`).
import { ESLint } from 'eslint';
import * as path from 'node:path';
import ts from 'typescript';
import { TYPED_FILES } from '../eslint.config.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The projects type-checked, contracts first: a file in several programs is linted in the first. */
const PROJECTS = ['libs/contracts/tsconfig.json', 'backend/tsconfig.json', 'frontend/tsconfig.json', 'frontend/tsconfig.node.json', 'frontend/e2e/tsconfig.json'];

const host = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

function programOf(project) {
  const configPath = path.join(root, project);
  const config = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.formatDiagnostic(d, host)); } });
  const configErrors = config.errors ?? [];
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  return { program, diagnostics: [...configErrors, ...ts.getPreEmitDiagnostics(program)] };
}

let failed = false;

const t0 = Date.now();
const built = PROJECTS.map(programOf);
const typeErrors = built.flatMap((b) => b.diagnostics);
if (typeErrors.length) {
  failed = true;
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(typeErrors, host));
}
console.log(`typecheck: ${PROJECTS.length} projects, ${typeErrors.length} errors (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
if (process.argv.includes('--typecheck-only')) process.exit(failed ? 1 : 0);

const t1 = Date.now();
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: TYPED_FILES, languageOptions: { parserOptions: { projectService: false, programs: built.map((b) => b.program) } } }],
});
const results = await eslint.lintFiles(['.']);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
if (problems) {
  failed = true;
  const formatter = await eslint.loadFormatter('stylish');
  process.stdout.write(await formatter.format(results));
}
console.log(`eslint: ${results.length} files, ${problems} problems (${((Date.now() - t1) / 1000).toFixed(1)} s)`);

process.exit(failed ? 1 : 0);
