// Running the npm, tsc and node of a consumer project from a test.
import { spawn } from 'node:child_process';

export interface RunOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** A kill ceiling for a hung child, not a wait: the call returns when the child exits. */
  readonly timeout?: number;
}

/**
 * Runs a command and resolves with its exit code and output. Async on purpose: the
 * API server runs in the test's process, so a blocking spawn would leave the
 * requests of the spawned program unanswered.
 *
 * @example
 * const { code, out } = await sh('npm', ['run', 'build'], { cwd: project });
 */
export function sh(cmd: string, args: string[], { cwd, env, timeout = 900_000 }: RunOptions) {
  return new Promise<{ code: number | null; out: string; stdout: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
    let out = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => ((out += d), (stdout += d)));
    child.stderr.on('data', (d: Buffer) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, stdout });
    });
  });
}

/**
 * {@link sh} that throws, with the output, unless the command exits 0; resolves with its stdout.
 *
 * @example
 * const version = await ok('node', ['--version'], { cwd: project });
 */
export async function ok(cmd: string, args: string[], opts: RunOptions) {
  const r = await sh(cmd, args, opts);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.code}:\n${r.out}`);
  return r.stdout;
}
