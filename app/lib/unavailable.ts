/**
 * How long someone is asked to wait when the site's data is out of reach: a 503's `Retry-After`,
 * after which the error page tries again by itself.
 */
export const UNAVAILABLE_RETRY_SECONDS = 5;
