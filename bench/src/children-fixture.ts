// For children.test.ts: a stand-in bench that starts one long-running child the way the bench starts its services.
//   node --import tsx bench/src/children-fixture.ts error|signal
// Prints "child <pid> folder <temporary folder>" once the child runs; 'error' then fails with an uncaught error, 'signal' waits for a signal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endOnSignals, endsWithBench, removedWithBench } from './children';

const mode = process.argv[2];
const child = endsWithBench(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
if (mode === 'signal') {
  endOnSignals(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.stdout.write('cleaned up\n');
  });
}
const folder = removedWithBench(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-children-fixture-')));
process.stdout.write(`child ${child.pid} folder ${folder}\n`);
if (mode === 'error') setTimeout(() => { throw new Error('the bench failed'); }, 100);
else setInterval(() => {}, 1000);
