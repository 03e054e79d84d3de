import { spawn } from 'node:child_process';

/**
 * Runs a script in a child Node process (this one's binary) with exactly `env`, `input` piped on
 * standard input; answers its exit code and what it wrote, standard output and error together.
 */
export function runNode(
  args: readonly string[],
  env: Record<string, string>,
  input = '',
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    const collect = (chunk: Buffer) => {
      out += String(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}
