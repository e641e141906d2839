// The SPA's HTTP client: JSON to and from the BFF over XMLHttpRequest (which also reports upload
// progress), with the cookie the browser keeps. It does what the app asked of axios, in a
// fraction of its size (docs/performance.md, "Web first screen").
type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Query parameters; null and undefined ones are left out. */
  params?: Params;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onUploadProgress?: (progress: { loaded: number; total: number | undefined }) => void;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
}

/** A request that got no 2xx answer: `response` is absent when no answer came at all (network
 * failure, abort). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly config: { method: string; url: string },
    readonly response?: { status: number; data: unknown },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** An error with an HTTP answer's shape: this client's, or any `{ response: { status } }`. */
export function isHttpError(err: unknown): err is HttpError {
  if (err instanceof HttpError) return true;
  const response = (err as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number';
}

type ErrorHook = (err: HttpError) => void;

function parse(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return text;
  if (!(xhr.getResponseHeader('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttpClient(baseURL: string) {
  const hooks: ErrorHook[] = [];

  function request<T>(method: string, url: string, body: unknown, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(options.params ?? {})) if (v !== null && v !== undefined) query.append(k, String(v));
    const qs = query.toString();
    const config = { method, url };
    return new Promise<HttpResponse<T>>((resolve, reject) => {
      const fail = (message: string, response?: HttpError['response']) => {
        const err = new HttpError(message, config, response);
        for (const hook of hooks) hook(err);
        reject(err);
      };
      if (options.signal?.aborted) return fail('Request aborted');
      const xhr = new XMLHttpRequest();
      xhr.open(method, `${baseURL}${url}${qs ? `${url.includes('?') ? '&' : '?'}${qs}` : ''}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      let payload: XMLHttpRequestBodyInit | null = null;
      if (body instanceof Blob || typeof body === 'string') payload = body;
      else if (body !== undefined) {
        payload = JSON.stringify(body);
        xhr.setRequestHeader('Content-Type', 'application/json');
      }
      for (const [k, v] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(k, v);
      const progress = options.onUploadProgress;
      if (progress) xhr.upload.onprogress = (e) => progress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
      xhr.onload = () => {
        const data = parse(xhr);
        if (xhr.status >= 200 && xhr.status < 300) resolve({ data: data as T, status: xhr.status });
        else fail(`Request failed with status code ${xhr.status}`, { status: xhr.status, data });
      };
      xhr.onerror = () => fail('Network Error');
      xhr.onabort = () => fail('Request aborted');
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(payload);
    });
  }

  return {
    get: <T = unknown>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
    delete: <T = unknown>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
    post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
    put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
    patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', url, body, options),
    /** Called with every failed request before its promise rejects. */
    onError(hook: ErrorHook): void {
      hooks.push(hook);
    },
  };
}
