import { worstOf, type FaultFactory } from './stream-fault.js';

export interface SchemaFileIdParams {
  /** The `$id` the event schema gets (default `file:///opt/notes/schema.json`). */
  id: string;
}

/** The event schema's `$id` is where the build machine kept the file (§10.2: a stable URL). */
export const schemaFileId: FaultFactory<SchemaFileIdParams> = (params = {}) => {
  const p: SchemaFileIdParams = { id: 'file:///opt/notes/schema.json', ...params };
  if (!/^file:/i.test(p.id))
    throw new RangeError(`schema-file-id: id must be a file: URI, got "${p.id}"`);
  const violates = ['AOI-01/file-id'];
  return {
    id: 'schema-file-id',
    description: `\`schema\` prints an event schema whose $id is ${p.id}`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { schemaId: p.id },
  };
};
