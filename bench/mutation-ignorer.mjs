// @ts-check
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * Mutants that cannot change what a chart does: the `types` of `setup({ types })` exist only for
 * TypeScript and are erased at run time, so emptying them is no bug a test could see.
 */
export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'chart-types', {
    /** @param {import('@babel/core').NodePath} path */
    shouldIgnore(path) {
      const node = path.node;
      if (node.type !== 'ObjectProperty' || node.key.type !== 'Identifier' || node.key.name !== 'types')
        return undefined;
      const call = path.parentPath?.parentPath?.node;
      const isSetup =
        call?.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'setup';
      return isSetup ? 'setup({ types }) is erased at run time' : undefined;
    },
  }),
];
