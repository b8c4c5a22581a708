/** SPEC §9: tooltips open after 500 ms, everywhere in the product. */
export const TOOLTIP_ENTER_DELAY_MS = 500;
