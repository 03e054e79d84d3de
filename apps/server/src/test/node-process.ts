import { spawn } from 'node:child_process';

/**
 * Runs a script in a child Node process (this one's binary) with exactly `env`, `input` piped on
 * standard input; answers its exit code and what it wrote, standard output and error together.
 * `input: null` leaves standard input open with nothing written, as a user who has typed nothing
 * yet. Aborting `signal` sends the child SIGTERM; the answer still comes when it has exited.
 */
export function runNode(
  args: readonly string[],
  env: Record<string, string>,
  input: string | null = '',
  options: { signal?: AbortSignal } = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal });
    let out = '';
    const collect = (chunk: Buffer) => {
      out += String(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      // An abort is reported as an error too; its exit is what the caller waits for.
      if (error.name !== 'AbortError') reject(error);
    });
    child.on('close', (code) => resolve({ code, out }));
    if (input !== null) child.stdin.end(input);
  });
}
