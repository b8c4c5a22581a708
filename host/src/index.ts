// Everything the first screen needs is shared eagerly, so the host's entry needs no
// asynchronous boundary before it renders.
import './bootstrap';
