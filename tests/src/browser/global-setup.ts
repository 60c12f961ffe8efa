import type { TestProject } from 'vitest/node';
import { buildUi } from './ui-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real UI, built once for every browser test file (each serves it read-only through its own system). */
    uiDistDir: string;
  }
}

export default async function setup(project: TestProject) {
  const ui = await buildUi();
  project.provide('uiDistDir', ui.dir);
  return () => ui.remove();
}
