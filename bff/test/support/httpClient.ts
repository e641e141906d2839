// A minimal browser stand-in for integration tests: a cookie jar per host, JSON helpers and the
// Origin header a browser would send on writes. Redirects are followed by hand so each hop's
// cookies are kept, as a browser does.
export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  store(url: string, headers: Headers): void {
    const host = new URL(url).host;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.byHost.set(host, jar);
  }

  header(url: string): string | undefined {
    const jar = this.byHost.get(new URL(url).host);
    if (!jar?.size) return undefined;
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.byHost.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.byHost.set(host, jar);
  }
}

export class TestClient {
  readonly jar = new CookieJar();
  constructor(
    readonly baseUrl: string,
    readonly origin: string = baseUrl,
  ) {}

  async raw(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url);
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(url, res.headers);
    return res;
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in h)) h.origin = this.origin;
    let payload: string | undefined;
    if (typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await this.raw(this.baseUrl + path, { method, body: payload, headers: h });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  sessionCookie(): string | undefined {
    return this.jar.get(this.baseUrl, 'auth_token');
  }
}

/** Follows redirects from `url` until one leaves for `stopPrefix`; returns that location. */
export async function followUntil(client: TestClient, url: string, stopPrefix: string, init: RequestInit = {}): Promise<{ location: string; last: Response }> {
  let res = await client.raw(url, init);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (!location) return { location: '', last: res };
    const next = new URL(location, url).href;
    if (next.startsWith(stopPrefix)) return { location: next, last: res };
    url = next;
    res = await client.raw(url);
  }
  throw new Error('too many redirects');
}

export interface AuthorizationResult {
  code: string;
  state: string;
  iss: string | null;
}

/** Runs the real authorization-code flow through the IdP's login form, up to the callback. */
export async function authorize(client: TestClient, username: string, password: string, returnTo = '/workspace'): Promise<AuthorizationResult> {
  const start = await client.post<{ authorization_url: string }>('/api/v1/session/login', { return_to: returnTo });
  if (start.status !== 200) throw new Error(`login start failed: ${start.status} ${JSON.stringify(start.body)}`);
  const authUrl = start.body.authorization_url;
  const callbackPrefix = `${client.origin}/auth/complete`;
  let callback = (await followUntil(client, authUrl, callbackPrefix)).location;
  if (!callback) {
    // No IdP session yet: the provider shows its login form.
    const interaction = await followUntil(client, authUrl, 'never:');
    const html = await interaction.last.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form: ${interaction.last.status}`);
    const submitted = await followUntil(client, new URL(action, new URL(authUrl).origin).href, callbackPrefix, {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (!submitted.location) throw new Error(`login refused: ${submitted.last.status}`);
    callback = submitted.location;
  }
  const cb = new URL(callback);
  return { code: cb.searchParams.get('code')!, state: cb.searchParams.get('state')!, iss: cb.searchParams.get('iss') };
}

export async function login(client: TestClient, username: string, password = `${username}-demo`) {
  const a = await authorize(client, username, password);
  const res = await client.post('/api/v1/session/exchange', { code: a.code, state: a.state, iss: a.iss ?? undefined });
  if (res.status !== 200) throw new Error(`exchange failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
