/**
 * What every reliability scenario reports to `npm run test:reliability`: one line per scenario,
 * appended to the file the runner names, then printed by the runner as one table.
 */
import { appendFileSync } from 'node:fs';

export type ReliabilityPart = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

export interface ScenarioFigures {
  part: ReliabilityPart;
  scenario: string;
  /** Requests or operations performed. */
  operations: number;
  /** Faults injected (kills, restarts, concurrent collisions arranged on purpose). */
  faults: number;
  /** Generated or hostile inputs tried. */
  inputs: number;
  /** Violations found: anything above 0 also fails the scenario's test. */
  failures: number;
}

export function recordFigures(figures: ScenarioFigures): void {
  const file = process.env.RELIABILITY_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(figures)}\n`);
}

/** `ci` is the subset `.ci/run` runs in under 3 minutes; `full` is the whole battery. */
export const reliabilityProfile: 'ci' | 'full' = process.env.RELIABILITY_PROFILE === 'full' ? 'full' : 'ci';

/** The seed for generated scenarios: printed by the runner, given back with `--seed` to replay. */
export const reliabilitySeed: number = Number(process.env.RELIABILITY_SEED ?? Date.now() % 2 ** 31);

/** How much of a scenario to run: `ci` takes the first figure, `full` the second. */
export function byProfile(ci: number, full: number): number {
  return reliabilityProfile === 'full' ? full : ci;
}
