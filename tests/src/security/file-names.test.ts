import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalClient } from '../support/http-client';
import { pdf } from '../support/files';
import { startTestSystem, type TestSystem } from '../support/system';
import { DEMO_PASSWORD, signIn } from '../accounts/support';

let system: TestSystem;
let vendor: PortalClient;
let loadId: string;

beforeAll(async () => {
  system = await startTestSystem({ config: { seedDemo: true, demoPassword: DEMO_PASSWORD } });
  vendor = await signIn(system, 'carrier', 'vendor');
  loadId = (await vendor.post('/api/loads/', { load_number: 'names-1' })).body.id;
});
afterAll(async () => { await system?.stop(); });

it('stores hostile file names safely and serves them without header injection', async () => {
  const names = [
    'quote" onmouseover="alert(1).pdf',
    'line\r\nSet-Cookie: stolen=1.pdf',
    'Frachtbrief – Zürich 東京 ✓.pdf',
    `${'a'.repeat(500)}.pdf`,
    '../../etc/passwd.pdf',
    'back\\slash\\..\\x.pdf',
  ];
  for (const name of names) {
    const uploaded = await vendor.upload(`/api/loads/${loadId}/documents/`, { document_type: 'other' }, { file: { name, content: pdf() } });
    expect(uploaded.status, name).toBe(201);
    const stored: string = uploaded.body.file_name;
    expect(stored).not.toMatch(/["\r\n\\/]/);
    expect(stored.length).toBeLessThanOrEqual(150);
    expect(stored.endsWith('.pdf')).toBe(true);
    await vendor.get(`/api/loads/${loadId}/?min_position=${uploaded.headers.get('x-event-position')}`);
    const served = await vendor.download(uploaded.body.file_url);
    expect(served.status, name).toBe(200);
    expect(served.headers.get('set-cookie')).toBeNull();
    const disposition = served.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(served.headers.get('content-type')).toBe('application/pdf');
  }
  const unicode = (await vendor.get(`/api/loads/${loadId}/documents/?document_type=other`)).body.find((d: { file_name: string }) => d.file_name.includes('Zürich'));
  expect(unicode.file_name).toBe('Frachtbrief – Zürich 東京 ✓.pdf');
});
