export { createApiClient, inspectAnswers, type AnswerInspector, type ApiClient, type ApiClientOptions, type DownloadedFile, type DownloadOptions, type DownloadProgress, type OptionsFor, type SessionAuth, type UploadOptions } from './client.ts';
export { ApiError, errorMessage, fieldErrorsOf, fileNameFromDisposition, parseRetryAfter } from './errors.ts';
export { fillPath, splitList, withQuery, type Query, type QueryValue } from './query.ts';
export type { BodyOf, Method, ParamsOf, PathOf, ResponseOf } from '@lending/contracts/endpoints';

/** A list answer of the API (DRF pagination). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
