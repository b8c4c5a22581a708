/** SPEC §9: tooltips open after 500 ms, everywhere in the product. */
export const TOOLTIP_ENTER_DELAY_MS = 500;

/** SPEC §9: an error notice hides after 5000 ms, everywhere in the product (or when closed). */
export const ERROR_HIDE_MS = 5000;
