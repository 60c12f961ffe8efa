// A client that behaves like the portal's browser code: keeps cookies, copies csrftoken into X-CSRFToken.
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export class PortalClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const csrf = this.cookies.get('csrftoken');
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookies.size > 0 ? { Cookie: this.cookieHeader() } : {}),
        ...(csrf ? { 'X-CSRFToken': csrf } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
    });
    this.remember(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** A multipart request, as the browser's FormData sends it. */
  async upload<T = any>(
    path: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; content: Buffer; type?: string }>,
    method = 'POST',
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, file] of Object.entries(files)) form.append(name, new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name);
    const csrf = this.cookies.get('csrftoken');
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { ...(this.cookies.size > 0 ? { Cookie: this.cookieHeader() } : {}), ...(csrf ? { 'X-CSRFToken': csrf } : {}), ...headers },
      body: form,
    });
    this.remember(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** The raw bytes of a GET (files). */
  async download(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; content: Buffer }> {
    const response = await fetch(this.baseUrl + path, { headers: { ...(this.cookies.size > 0 ? { Cookie: this.cookieHeader() } : {}), ...headers } });
    return { status: response.status, headers: response.headers, content: Buffer.from(await response.arrayBuffer()) };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }

  /** What the UI does first: ask who is signed in, which also hands out the csrftoken cookie. */
  async start(): Promise<this> {
    await this.get('/api/auth/user/');
    return this;
  }
}

/** Another client holding the same session as `client` (a copy of its cookies: a second tab, a copied cookie). */
export function sameSession(client: PortalClient): PortalClient {
  const copy = new PortalClient(client.baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}
