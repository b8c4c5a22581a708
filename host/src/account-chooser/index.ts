// The asynchronous boundary lets the federation runtime resolve shared singletons first.
import('./mount').catch((error: unknown) => {
  console.error('The account chooser could not load', error);
});
