import { pick, text, type FaultFactory } from './stream-fault.js';

export interface BannerParams {
  /** The banner's lines; by default one of a few typical banners, chosen with the run's seed. */
  lines?: readonly string[];
}

const BANNERS: readonly (readonly string[])[] = [
  ['notes 1.0.0 - your notes, searchable', '===================================='],
  ['# notes', 'Welcome back! 3 notes in your store.'],
  ['notes v1.0.0 (build 2026-01-12)', 'Copyright (c) the notes authors. MIT licence.'],
];

/** A human banner before the first event (§2: machine-mode stdout must not include banners). */
export const banner: FaultFactory<BannerParams> = (params = {}) => {
  const p: BannerParams = { ...params };
  if (p.lines && p.lines.some((line) => line.trim() === ''))
    throw new RangeError('banner: lines must not be blank (that would be blank-lines)');
  return {
    id: 'banner',
    description:
      'prints a start-up banner (name, version, a rule or a markdown heading) before the first event',
    violates: ['AOI-02/prose'],
    severity: 'error',
    params: p,
    onStart(state) {
      return (p.lines ?? pick(BANNERS, state.random)).map(text);
    },
  };
};
