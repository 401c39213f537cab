import { randomChars, type FaultFactory } from './stream-fault.js';

export interface LeaksEnvInMetaParams {
  /** The meta field that carries the environment (default `env`). */
  key: 'env' | 'environ' | 'environment';
  /** An object of variables (default) or one `NAME=value …` string. */
  as: 'object' | 'string';
  /** The variables; by default PATH, HOME and a NOTES_API_TOKEN made with the run's seed. */
  env?: Readonly<Record<string, string>>;
}

/** Echoes the environment in aoi:meta (§8.3: meta "MUST NOT echo … environment wholesale"; §11). */
export const leaksEnvInMeta: FaultFactory<LeaksEnvInMetaParams> = (params = {}) => {
  const p: LeaksEnvInMetaParams = { key: 'env', as: 'object', ...params };
  return {
    id: 'leaks-env-in-meta',
    description: `echoes environment variables in meta.${p.key}`,
    violates: ['AOI-09/meta-env'],
    severity: 'error',
    params: p,
    onEvent(event, state) {
      if (event.type !== 'aoi:meta') return [event];
      const env = p.env ?? {
        PATH: '/usr/local/bin:/usr/bin:/bin',
        HOME: '/home/agent',
        NOTES_API_TOKEN: `nt_${randomChars(32, state.random)}`,
      };
      const value =
        p.as === 'object'
          ? { ...env }
          : Object.entries(env)
              .map(([name, v]) => `${name}=${v}`)
              .join(' ');
      return [{ ...event, [p.key]: value }];
    },
  };
};
