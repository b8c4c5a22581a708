/**
 * Below MUI's `sm` breakpoint (600 px): the layout made for phones. A module of its own,
 * without React, for the page's inline start script.
 */
export const PHONE_QUERY = '(max-width: 599.95px)';
