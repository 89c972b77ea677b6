import crypto from 'node:crypto';
import type { CodeRunner } from '../../engine/contracts';
import type { EngineEnv } from '../../engine/env';
import type { TurnOutbound } from './outbound-budget';

export interface TurnLimits {
  maxBlocksPerTurn: number;
  turnBudgetMs: number;
}

export const DEFAULT_TURN_LIMITS: TurnLimits = { maxBlocksPerTurn: 1000, turnBudgetMs: 10_000 };

const ID_LENGTH = 24;
/**
 * Random bytes drawn 256 ids at a time: one call to the system's generator
 * per id cost ~2 % of a chat request's CPU (crypto.randomUUID pools the same way).
 */
let entropy = Buffer.alloc(0);
let drawn = 0;

function idBytes(): Buffer {
  if (drawn + ID_LENGTH > entropy.length) {
    entropy = crypto.randomBytes(ID_LENGTH * 256);
    drawn = 0;
  }
  drawn += ID_LENGTH;
  return entropy.subarray(drawn - ID_LENGTH, drawn);
}

/** 24 lowercase alphanumerics, like the cuid2 ids of the reference. */
export function newId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = idBytes();
  let id = alphabet[bytes[0]! % 26]!;
  for (let index = 1; index < ID_LENGTH; index += 1) id += alphabet[bytes[index]! % alphabet.length];
  return id;
}

/** A turn's engine environment, with a budget clock the effect runner stops while effects run. */
export interface TurnEnv extends EngineEnv {
  /** Runs `work` with the budget clock stopped: effect time does not count against the turn's budget. */
  offTheClock<T>(work: () => Promise<T>): Promise<T>;
  /** The turn's share of requests to the outside world (absent: a replay, which sends none). */
  outbound?: TurnOutbound;
}

/** The outside world as one turn of the engine sees it: the real clock and randomness, the sandbox, the limits. */
export function engineEnv(code: CodeRunner, limits: TurnLimits): TurnEnv {
  let spent = 0;
  let runningSince: number | undefined = Date.now();
  return {
    now: () => new Date(),
    random: () => crypto.randomInt(0, 2 ** 32) / 2 ** 32,
    newId,
    code,
    limits,
    elapsedMs: () => spent + (runningSince === undefined ? 0 : Date.now() - runningSince),
    async offTheClock(work) {
      if (runningSince !== undefined) spent += Date.now() - runningSince;
      runningSince = undefined;
      try {
        return await work();
      } finally {
        runningSince = Date.now();
      }
    },
  };
}
