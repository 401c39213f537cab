import { worstOf, type FaultFactory } from './stream-fault.js';

export interface IdsNotIdentifyingParams {
  /**
   * `reused`: every `created` event names the first note, `n_0001`, whatever it created; `shared-url`: it names
   * the note only by a url every note shares (no `id`: the tool's own schema requires one, so it fails that too).
   */
  how: 'reused' | 'shared-url';
}

/** The URL a `shared-url` created event names its note by: the collection's, not the note's. */
export const SHARED_NOTES_URL = 'https://notes.example/notes';

/**
 * `created` events whose id does not identify the note they created (§14.5): two creates of one input report
 * one id. With `shared-url`, `get` cannot resolve it either.
 */
export const idsNotIdentifying: FaultFactory<IdsNotIdentifyingParams> = (params = {}) => {
  const p: IdsNotIdentifyingParams = { how: 'reused', ...params };
  const violates =
    p.how === 'reused'
      ? ['AOI-08/id-not-unique']
      : ['AOI-08/id-not-unique', 'AOI-08/id-unresolvable', 'AOI-04/declared-schema'];
  return {
    id: 'ids-not-identifying',
    description:
      p.how === 'reused'
        ? 'names every note it creates n_0001 in its created event'
        : `names every note it creates by the url ${SHARED_NOTES_URL}, without an id`,
    violates,
    severity: worstOf(violates),
    params: p,
    onEvent(event) {
      if (event.type !== 'created') return [event];
      if (p.how === 'reused') return [{ ...event, id: 'n_0001' }];
      const { id: _id, ...rest } = event;
      return [{ ...rest, url: SHARED_NOTES_URL }];
    },
  };
};
