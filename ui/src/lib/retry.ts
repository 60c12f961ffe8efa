import { ApiError } from './api-client';

/**
 * A read is tried again once when the server or the network failed; an answer in the 4xx range (not found, no
 * permission, signed out) is the answer, and asking again would only repeat it.
 */
export const retryServerErrorsOnce = (failures: number, error: unknown): boolean => !(error instanceof ApiError && error.status < 500) && failures < 1;
