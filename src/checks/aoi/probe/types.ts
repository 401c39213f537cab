import type { Evidence } from '../../../stream/finding.js';

/** What one process probe saw: the input of every probe judgement. */
export interface ProbeOutcome {
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** Wall time of the run, from start to the end of its output (the runner's `Run.durationMs`). */
  readonly durationMs: number;
  /** The kit killed the process: the timeout passed, or the grace period after a probe acted. */
  readonly timedOut: boolean;
  /** The CLI outlived the grace period after the probe closed stdout or sent a signal. */
  readonly graceExpired: boolean;
  readonly stdoutClosed: boolean;
  readonly signalSent: boolean;
  /** Stdout bytes the kit had received when it sent the signal (all written before it), when it knows. */
  readonly signalAfterBytes?: number;
  /**
   * Bytes of stdout plus stderr read when the output passed the kit's cap and the kit killed the process
   * (so stdout ends mid-stream by the kit's doing); absent when it stayed under the cap.
   */
  readonly outputCapped?: number;
  /** Network attempts seen by the tripwire, described without secrets (`node tcp example.com:443`). */
  readonly network: readonly string[];
  /** Which network tripwire watched the probe (for the verdict's note); absent when none did. */
  readonly networkTripwire?: string;
  /** The process group the probe's process led, killed when it ended: what is still in it is dying, not surviving. */
  readonly processGroup?: number;
  /** Processes the probe left running outside its group, found and killed when it ended (`runProbe`). */
  readonly escapees?: readonly { readonly pid: number; readonly command: string }[];
}

/** How a judgement reports: a registered sub-rule id, one sentence, evidence. */
export type Report = (subRuleId: string, message: string, evidence?: Evidence) => void;

export type Event = { type: string } & Record<string, unknown>;

/** The events of a stdout, leniently: lines that parse as objects with a string type. */
export function eventsOf(stdout: Uint8Array): Event[] {
  const events: Event[] = [];
  for (const line of Buffer.from(stdout).toString('utf8').split('\n')) {
    try {
      const value = JSON.parse(line) as unknown;
      if (
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        typeof (value as Event).type === 'string'
      )
        events.push(value as Event);
    } catch {
      // not an event: the stream checker reports it
    }
  }
  return events;
}

/** Domain events: the items a command produced (not `aoi:` framework events). */
export const itemsOf = (events: readonly Event[]): Event[] =>
  events.filter((event) => !event.type.startsWith('aoi:'));

export const summaryOf = (events: readonly Event[]): Event | undefined =>
  events.findLast((event) => event.type === 'aoi:summary');

/**
 * The run succeeded at the application level (§4.1): exit 0 and a terminal summary with ok:true. Whether
 * the exit status and the summary agree is AOI-03's to judge; the probes ask only "did it succeed?".
 */
export const succeeded = (run: Pick<ProbeOutcome, 'exitCode'>, events: readonly Event[]): boolean =>
  run.exitCode === 0 && summaryOf(events)?.ok === true;

/** How a run ended, in words: `exit 64`, `signal SIGKILL`. */
export const endOf = (run: Pick<ProbeOutcome, 'exitCode' | 'signal'>): string =>
  run.signal ? `signal ${run.signal}` : `exit ${run.exitCode}`;

/** The fields that name a resource (§14.5 "stable IDs/paths/URLs"), most specific first. */
const ID_FIELDS = [
  (key: string) => key === 'id',
  (key: string) => key.endsWith('_id'),
  (key: string) => key === 'path',
  (key: string) => key === 'url' || key === 'uri',
];

/**
 * The field an event names its resource by: `id`, else a `*_id`, else `path`, else `url`/`uri` (§14.5), whatever
 * order the fields come in. A resource with an id and a url is named by its id; the url is only its content.
 */
export function idFieldOf(event: Event): string | undefined {
  for (const matches of ID_FIELDS) {
    for (const [key, value] of Object.entries(event)) {
      if (
        matches(key) &&
        ((typeof value === 'string' && value !== '') || typeof value === 'number')
      )
        return key;
    }
  }
  return undefined;
}

/** The resource identifier an event carries: the value of its {@link idFieldOf} field. */
export function idOf(event: Event): string | undefined {
  const field = idFieldOf(event);
  return field === undefined ? undefined : String(event[field]);
}
