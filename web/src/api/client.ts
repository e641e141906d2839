// One axios instance for the whole SPA. The session travels in the httpOnly `auth_token`
// cookie only: no token is ever read or sent by JavaScript.
import axios, { AxiosError } from 'axios';
import type { ApiError } from '@carbon/shared';

export const api = axios.create({ baseURL: '/api', withCredentials: true, headers: { Accept: 'application/json' } });

/** The server's `detail` message, or a generic one. */
export function errorDetail(err: unknown, fallback: string): string {
  if (err instanceof AxiosError) {
    const data = err.response?.data as Partial<ApiError> | undefined;
    if (typeof data?.detail === 'string') return data.detail;
  }
  return fallback;
}

export function statusOf(err: unknown): number | undefined {
  return err instanceof AxiosError ? err.response?.status : undefined;
}
