// The SPA's API client: axios (src/api/http.ts), loaded with the first API call rather than with
// the entry, so that a screen which calls no API (the signed-out login page) does not load it.
// The session travels in the httpOnly `auth_token` cookie only: no token is ever read or sent by
// JavaScript.
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { loadErrorMessages } from '../i18n';

export type HttpError = { response?: { status?: number; data?: unknown }; config?: { url?: string } };

const errorListeners: ((err: HttpError) => void)[] = [];
let http: Promise<AxiosInstance> | undefined;

function instance(): Promise<AxiosInstance> {
  if (!http) {
    http = import('./http').then((m) =>
      m.createHttp((err) => {
        errorListeners.forEach((listen) => listen(err as HttpError));
        // The caller words the refusal from its code (errorDetail, utils/apiErrors.ts): the words come first.
        return loadErrorMessages();
      }),
    );
    // A failed chunk load (network, new deployment) is tried again by the next call.
    http.catch(() => (http = undefined));
  }
  return http;
}

/** Called with every failed API answer, before the caller sees it (the session-ended redirect). */
export function onApiError(listen: (err: HttpError) => void): void {
  errorListeners.push(listen);
}

/** Starts loading axios now (a screen about to call the API), without waiting for it. */
export function preloadApi(): void {
  instance().catch(() => {});
}

type Config = AxiosRequestConfig;
/** The axios methods the app uses, each loading axios first if need be. */
export const api = {
  get: <T = unknown>(url: string, config?: Config): Promise<AxiosResponse<T>> => instance().then((h) => h.get<T>(url, config)),
  delete: <T = unknown>(url: string, config?: Config): Promise<AxiosResponse<T>> => instance().then((h) => h.delete<T>(url, config)),
  post: <T = unknown>(url: string, data?: unknown, config?: Config): Promise<AxiosResponse<T>> => instance().then((h) => h.post<T>(url, data, config)),
  patch: <T = unknown>(url: string, data?: unknown, config?: Config): Promise<AxiosResponse<T>> => instance().then((h) => h.patch<T>(url, data, config)),
  put: <T = unknown>(url: string, data?: unknown, config?: Config): Promise<AxiosResponse<T>> => instance().then((h) => h.put<T>(url, data, config)),
};
