import { ApiError } from './json-api.ts';

/**
 * What a failed call tells the person at the page: the API's own words, or `fallback` when the
 * failure is not the API's (a network stack error, a bug) and has nothing fit to show.
 */
export const messageOf = (caught: unknown, fallback = 'Something went wrong.'): string =>
  caught instanceof ApiError ? caught.detail : fallback;
