import { randomChars, type FaultFactory } from './stream-fault.js';

export interface LeaksCredentialsInMetaParams {
  /**
   * `url` (default): meta.endpoint is the backend URL with the token in its userinfo and in `?access_token=`.
   * `header`: meta.request carries the HTTP request headers, `Authorization: Bearer <token>` included.
   */
  how: 'url' | 'header';
  /** The token; by default one made with the run's seed. */
  token?: string;
}

/**
 * Puts the backend credentials into aoi:meta, as a tool that reports "where it talked to" does (§11: "MUST
 * redact … URL credentials and tokens"; §8.3).
 */
export const leaksCredentialsInMeta: FaultFactory<LeaksCredentialsInMetaParams> = (params = {}) => {
  const p: LeaksCredentialsInMetaParams = { how: 'url', ...params };
  return {
    id: 'leaks-credentials-in-meta',
    description:
      p.how === 'url'
        ? 'reports its backend in meta.endpoint as a URL with the token in the userinfo and in ?access_token='
        : 'reports its HTTP request in meta.request, headers and all: Authorization: Bearer <token>',
    violates: ['AOI-09/meta-secret'],
    severity: 'error',
    params: p,
    onEvent(event, state) {
      if (event.type !== 'aoi:meta') return [event];
      const token = p.token ?? `nt_${randomChars(32, state.random)}`;
      if (p.how === 'url')
        return [
          {
            ...event,
            endpoint: `https://notes:${token}@api.notes.example/v1/notes?access_token=${token}`,
          },
        ];
      return [
        {
          ...event,
          request: {
            method: 'GET',
            url: 'https://api.notes.example/v1/notes',
            headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
          },
        },
      ];
    },
  };
};
