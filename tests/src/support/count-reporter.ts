import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, 'N passed, N failed, N skipped', that CI can count. A file whose set-up or tear-down
 * failed (a hook timing out, an import error) and an unhandled error each count as one failure, so the line never
 * says "0 failed" for a run that failed.
 */
export default class CountReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestCaseResult(testCase: TestCase): void {
    const state = testCase.result().state;
    if (state === 'passed') this.passed++;
    else if (state === 'failed') this.failed++;
    else this.skipped++;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    for (const module of testModules) if (module.errors().length > 0) this.failed++;
    this.failed += unhandledErrors.length;
    process.stdout.write(`\n${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
  }
}
