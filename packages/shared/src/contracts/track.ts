/** A track as stored in the `loofi-music` list (SPEC §3). */
export interface Track {
  title: string;
  author: string;
  /** URL of the audio file. */
  audio: string;
  /** URL or same-origin path of the cover image. */
  image: string;
}

/** A track together with the stable key of its entry in the library. */
export interface StoredTrack extends Track {
  key: string;
}
