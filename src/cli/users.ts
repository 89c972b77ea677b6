import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { setPassword } from '../services/sign-in/password-change';
import { email as emailSchema, parseInput } from '../services/validation';
import { UsageError } from './usage';
import { USERS_USAGE } from './usage-texts';
import { withDatabase } from './with-database';

/** One line from stdin; on a terminal, typed without echo and asked twice. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    throw new UsageError('no password on standard input');
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      // Nothing typed is echoed: readline writes through _writeToOutput, silenced after the prompt.
      const silent = terminal as unknown as { _writeToOutput(text: string): void };
      terminal.question(prompt, (answer) => {
        terminal.close();
        process.stdout.write('\n');
        resolve(answer);
      });
      silent._writeToOutput = () => undefined;
    });
  const first = await ask('New password: ');
  if ((await ask('Again: ')) !== first) throw new UsageError('the two passwords differ');
  return first;
}

async function setPasswordCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
  if (!values.email) throw new UsageError('--email is required');
  const address = parseInput(emailSchema, values.email, ['email']);
  const password = await readPassword();
  await withDatabase(async (db) => {
    const user = await db.user.findUnique({ where: { email: address }, select: { id: true } });
    if (!user)
      throw new UsageError(`no user with e-mail ${address} (parley tokens create --email ${address} creates one)`);
    await setPassword(db, user.id, password);
    console.log(`Password set for ${address}; their other console sessions were signed out.`);
  });
}

export async function usersCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'set-password') return setPasswordCommand(rest);
  throw new UsageError(USERS_USAGE);
}
