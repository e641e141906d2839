// One axios instance for the whole SPA. The session travels in the httpOnly `auth_token`
// cookie only: no token is ever read or sent by JavaScript.
import axios, { isAxiosError } from 'axios';
import type { ApiError } from '@carbon/shared';

export const api = axios.create({ baseURL: '/api', withCredentials: true, headers: { Accept: 'application/json' } });

/** The server's `detail` message, or a generic one. */
export function errorDetail(err: unknown, fallback: string): string {
  if (isAxiosError(err)) {
    const data = err.response?.data as Partial<ApiError> | undefined;
    if (typeof data?.detail === 'string') return data.detail;
  }
  return fallback;
}

export function statusOf(err: unknown): number | undefined {
  return isAxiosError(err) ? err.response?.status : undefined;
}

/** The field errors of a 422 answer (`errors` of the body), empty for anything else. */
export function fieldErrorsOf(err: unknown): NonNullable<ApiError['errors']> {
  if (!isAxiosError(err) || err.response?.status !== 422) return [];
  return (err.response.data as Partial<ApiError> | undefined)?.errors ?? [];
}
