// Reading a failed API answer: the refusal's words, its status, its field errors. Kept out of
// src/api/ so that components and pages, which may not import the API (eslint.config.js), can
// word an error without a store in between.
import type { ApiError } from '@carbon/shared';
import { codedText } from './errorText';

/** axios' own test (`isAxiosError`), without loading axios for it. */
function isAxiosError(err: unknown): err is { response?: { status?: number; data?: unknown } } {
  return typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;
}

/** The server's refusal in the app's language (from its code), else its `detail`, else `fallback`. */
export function errorDetail(err: unknown, fallback: string): string {
  if (isAxiosError(err)) {
    const data = err.response?.data as Partial<ApiError> | undefined;
    if (typeof data?.detail === 'string') return codedText(data.code, data.params, data.detail);
  }
  return fallback;
}

export function statusOf(err: unknown): number | undefined {
  return isAxiosError(err) ? err.response?.status : undefined;
}

/** The field errors of a 422 answer (`errors` of the body), each message in the app's language
 * (from its code; the server's English for an unknown one); empty for anything else. */
export function fieldErrorsOf(err: unknown): NonNullable<ApiError['errors']> {
  if (!isAxiosError(err) || err.response?.status !== 422) return [];
  const errors = (err.response?.data as Partial<ApiError> | undefined)?.errors ?? [];
  return errors.map((e) => ({ ...e, message: codedText(e.code, e.params, e.message) }));
}
