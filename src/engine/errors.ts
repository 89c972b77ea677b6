/**
 * A chat request the engine refuses as a whole (the reference answers 4xx):
 * the runtime turns it into a 400 with this message and persists nothing.
 */
export class EngineRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineRequestError';
  }
}
