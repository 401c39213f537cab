import { kitCapabilities } from '../report/capabilities.js';

export { eventSchema } from '../report/events-schema.js';
import { VERBS, type Verb } from './surface.js';

/** `aoi-testkit capabilities --output json` (AOI-CLI §17): the table's verbs that say what they emit. */
export const capabilities = (): object =>
  kitCapabilities(
    Object.entries(VERBS as Record<string, Verb>).flatMap(([name, { aoi }]) =>
      aoi ? [{ name, ...aoi }] : [],
    ),
  );
