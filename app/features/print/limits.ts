/** A person's selection can hold a whole list; a change naming more products is refused as malformed. */
export const MAX_SELECTION_CHANGE = 5000;
