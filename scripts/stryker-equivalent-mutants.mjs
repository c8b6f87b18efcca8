// @ts-check
// An ignore plugin for Stryker: the mutants listed in stryker.config.mjs `equivalentMutants` are
// reported as ignored with their reason instead of surviving, so the score counts only mutants a
// test could kill. A node is matched by file, start position and type, never by a wider range.
import path from 'node:path';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { equivalentMutants } from '../stryker.config.mjs';

/** @param {{ node: { type: string; loc?: { start: { line: number; column: number } } | null }; hub?: { file?: { opts?: { filename?: string } } } }} nodePath */
const shouldIgnore = (nodePath) => {
  const { loc, type } = nodePath.node;
  const fileName = nodePath.hub?.file?.opts?.filename;
  if (!loc || !fileName) return undefined;
  const file = path.relative(process.cwd(), fileName).split(path.sep).join('/');
  // The report counts columns from 1; Babel from 0.
  const at = `${loc.start.line}:${loc.start.column + 1}`;
  const entry = equivalentMutants.find((e) => file.endsWith(e.file) && e.at === at && e.node === type);
  return entry ? `Equivalent: ${entry.reason}` : undefined;
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'equivalent-mutants', { shouldIgnore })];
