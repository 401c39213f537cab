import type { FaultFactory } from './stream-fault.js';

export interface SchemaVersionMissingParams {
  /** Drop aoi_version too (default false); §5 makes that a SHOULD, so it adds a warning. */
  alsoAoiVersion: boolean;
}

/** aoi:meta without schema_version (§5, §18.2 #13: "schema_version is reported in meta"). */
export const schemaVersionMissing: FaultFactory<SchemaVersionMissingParams> = (params = {}) => {
  const p: SchemaVersionMissingParams = { alsoAoiVersion: false, ...params };
  return {
    id: 'schema-version-missing',
    description: `drops schema_version${p.alsoAoiVersion ? ' and aoi_version' : ''} from aoi:meta`,
    violates: p.alsoAoiVersion
      ? ['AOI-13/meta-aoi-version', 'AOI-13/meta-schema-version']
      : ['AOI-13/meta-schema-version'],
    severity: 'warning',
    params: p,
    onEvent(event) {
      if (event.type !== 'aoi:meta') return [event];
      const { schema_version: _schema, ...rest } = event;
      if (p.alsoAoiVersion) delete rest.aoi_version;
      return [rest];
    },
  };
};
