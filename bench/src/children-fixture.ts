// For children.test.ts: a stand-in bench that starts one long-running child the way the bench starts its services.
//   node --import tsx bench/src/children-fixture.ts error|signal
// Prints "child <pid>" once the child runs; 'error' then fails with an uncaught error, 'signal' waits for a signal.
import { spawn } from 'node:child_process';
import { endOnSignals, endsWithBench } from './children';

const mode = process.argv[2];
const child = endsWithBench(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
if (mode === 'signal') {
  endOnSignals(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.stdout.write('cleaned up\n');
  });
}
process.stdout.write(`child ${child.pid}\n`);
if (mode === 'error') setTimeout(() => { throw new Error('the bench failed'); }, 100);
else setInterval(() => {}, 1000);
