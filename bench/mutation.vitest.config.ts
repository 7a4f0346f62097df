import { statSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Quick example tests first, generated-path model tests last: Stryker stops a mutant's run at the
 * first failing test, so a mutant a small test notices never waits for thousands of replayed paths.
 */
class QuickFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = (spec: TestSpecification) =>
      (spec.moduleId.endsWith('.model.test.ts') ? 1e9 : 0) + statSync(spec.moduleId).size;
    return [...files].sort((a, b) => cost(a) - cost(b));
  }
}

/** The machine tests only, for `npm run mutation` (Stryker runs them against each mutant). */
export default defineConfig({
  test: {
    name: 'machines',
    environment: 'node',
    include: (process.env.MUTATION_TESTS ?? 'tests/machines/**/*.test.ts').split(','),
    testTimeout: 30_000,
    sequence: { sequencer: QuickFirstSequencer },
  },
});
