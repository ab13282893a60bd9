/**
 * The most products one change of a print selection names: a whole list of this size, sent at
 * once by "select all" or a retry, stays within the server's 1 MB limit for a form.
 */
export const MAX_SELECTION_CHANGE = 10_000;
