// The asynchronous boundary lets the federation runtime resolve shared singletons first.
import('./mount');
