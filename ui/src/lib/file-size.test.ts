import { expect, it } from 'vitest';
import { formatFileSize } from './file-size';

it('shows sizes in B, KB and MB', () => {
  expect(formatFileSize(12)).toBe('12 B');
  expect(formatFileSize(640 * 1024)).toBe('640 KB');
  expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
});
