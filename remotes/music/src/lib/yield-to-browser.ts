/** Lets the browser paint and answer input between two slices of long work. */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
