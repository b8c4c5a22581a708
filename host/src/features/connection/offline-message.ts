/** SPEC §8's offline message. */
export const OFFLINE_MESSAGE = 'You are offline. Some functionality may be unavailable.';
