// The axios instance behind src/api/client.ts. Its own chunk: the signed-out login page sends no
// API request before the user signs in, so it does not load axios before that click.
import axios, { type AxiosInstance } from 'axios';

/** The instance every API call goes through; `onError` sees each failed answer first, and the
 * caller sees it once the promise `onError` returns has settled. */
export function createHttp(onError: (err: unknown) => Promise<void>): AxiosInstance {
  const http = axios.create({ baseURL: '/api', withCredentials: true, headers: { Accept: 'application/json' } });
  http.interceptors.response.use(undefined, async (err: unknown) => {
    await onError(err);
    throw err;
  });
  return http;
}
