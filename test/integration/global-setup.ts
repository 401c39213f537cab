import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Integration tests run the built CLI; build it once if a developer runs vitest directly. */
export default function setup(): void {
  if (!existsSync(new URL('../../dist/cli/main.js', import.meta.url))) {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
}
