import { AppError } from '../../errors';

// Every open live stream holds a connection (a file descriptor) and a
// listener every event of its bot is written to: without a bound, one token
// could hold thousands and leave the process no descriptor for anyone else.
// Counted in this process: several processes behind a load balancer each
// allow as many.

/** PARLEY_LIVE_STREAMS_PER_USER, PARLEY_LIVE_STREAMS_PER_ADDRESS (`0`: no cap) and PARLEY_LIVE_STREAM_MAX_MINUTES, in ms. */
export interface LiveStreamLimits {
  perUser: number;
  perAddress: number;
  maxLifetimeMs: number;
}

/** The open live streams of this process, by user and by client address. */
export class LiveStreamSlots {
  private readonly byUser = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(readonly limits: LiveStreamLimits) {}

  /**
   * Takes a slot for one more stream of `userId` from `address` (absent when
   * the request came from no client: then only the user's cap applies), or
   * throws TOO_MANY_REQUESTS naming the cap it would pass. The answer frees
   * the slot; calling it again does nothing.
   */
  take(userId: string, address: string | undefined): () => void {
    const { perUser, perAddress } = this.limits;
    if (perUser > 0 && (this.byUser.get(userId) ?? 0) >= perUser)
      throw tooMany(`for this user: at most ${perUser} at once (PARLEY_LIVE_STREAMS_PER_USER)`);
    if (address !== undefined && perAddress > 0 && (this.byAddress.get(address) ?? 0) >= perAddress)
      throw tooMany(`from this address: at most ${perAddress} at once (PARLEY_LIVE_STREAMS_PER_ADDRESS)`);
    add(this.byUser, userId, 1);
    if (address !== undefined) add(this.byAddress, address, 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      add(this.byUser, userId, -1);
      if (address !== undefined) add(this.byAddress, address, -1);
    };
  }

  /** How long the next stream may stay open: the maximum, less up to a tenth, so that streams opened together end apart. */
  lifetimeMs(): number {
    return Math.round(this.limits.maxLifetimeMs * (1 - Math.random() / 10));
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const count = (counts.get(key) ?? 0) + delta;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

const tooMany = (which: string) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `Too many live streams open ${which}: close one (another tab, page or client) and retry`,
  );
