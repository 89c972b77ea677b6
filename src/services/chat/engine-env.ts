import crypto from 'node:crypto';
import type { CodeRunner, EngineEnv } from '../../engine/types';

export interface TurnLimits {
  maxBlocksPerTurn: number;
  turnBudgetMs: number;
}

export const DEFAULT_TURN_LIMITS: TurnLimits = { maxBlocksPerTurn: 1000, turnBudgetMs: 10_000 };

/** 24 lowercase alphanumerics, like the cuid2 ids of the reference. */
export function newId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(24);
  let id = alphabet[bytes[0]! % 26]!;
  for (let index = 1; index < 24; index += 1) id += alphabet[bytes[index]! % alphabet.length];
  return id;
}

/** The outside world as one turn of the engine sees it: the real clock and randomness, the sandbox, the limits. */
export function engineEnv(code: CodeRunner, limits: TurnLimits): EngineEnv {
  const started = Date.now();
  return {
    now: () => new Date(),
    random: () => crypto.randomInt(0, 2 ** 32) / 2 ** 32,
    newId,
    code,
    limits,
    elapsedMs: () => Date.now() - started,
  };
}
