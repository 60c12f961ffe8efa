import type { Reporter, TestCase } from 'vitest/node';

/** Prints one plain closing line, 'N passed, N failed, N skipped', that CI can count. */
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

  onTestRunEnd(): void {
    process.stdout.write(`\n${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
  }
}
