/**
 * A recorded transcript, kept append-only: the first `stored` lines were
 * written out by earlier turns (the service keeps them apart from the state,
 * one row each), `recent` are the lines recorded since. A turn then never
 * rewrites the lines before it; the whole transcript is read only when a Set
 * variable "Transcript" block asks for it (the `loadTranscript` effect).
 */
export interface TranscriptRecord {
  stored: number;
  /** UTF-8 size of the stored lines' JSON: counts in the session's size bound as when they were in the state. */
  storedBytes: number;
  recent: TranscriptTurn[];
}

/** One turn of the conversation, as the transcript records it (docs/engine-behaviour.md#transcript). */
export interface TranscriptTurn {
  role: 'bot' | 'user';
  type: 'text' | 'image' | 'video' | 'audio';
  text?: string;
  image?: string;
  video?: string;
  audio?: string;
}
