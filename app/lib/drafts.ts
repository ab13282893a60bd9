/**
 * Unsaved edits kept in the browser's local storage, so that a reload, a crashed tab or a lost
 * connection never costs a person their typing. Storage may be full or refused (private
 * browsing): the screen keeps working without a draft then.
 */
export function loadDraft(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function storeDraft(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing was stored where storage is refused.
  }
}
