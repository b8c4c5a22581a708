// The asynchronous boundary lets the federation runtime resolve shared singletons first.
import('./standalone').catch((error: unknown) => {
  console.error('The standalone page could not load', error);
});
