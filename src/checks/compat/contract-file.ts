/**
 * A contract as a file: written with its keys sorted (two recordings of the same tool are the same bytes, and a
 * change shows as a small diff in review), read back against the snapshot format's JSON Schema. Pure.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { CONTRACT_FORMAT, CONTRACT_SCHEMA_ID, type Contract } from '../../spec/compat/contract.js';
import * as precompiled from '../../spec/compat/validators.generated.js';
import { formatSchemaErrors } from '../../spec/schema-errors.js';
import { isObject } from '../../stream/json.js';

/** A value with every object's keys in code-point order (arrays keep theirs: their order is part of the contract). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/** The file's text: `$schema` first, keys sorted, two-space indent, one trailing newline. */
export function formatContract(contract: Contract): string {
  const { $schema: _schema, ...rest } = contract;
  return `${JSON.stringify({ $schema: CONTRACT_SCHEMA_ID, ...(sortKeys(rest) as object) }, null, 2)}\n`;
}

export type ContractRead =
  | { readonly ok: true; readonly contract: Contract }
  | { readonly ok: false; readonly problems: readonly string[] };

const validate = precompiled.contract as unknown as ValidateFunction;

/** Parse and validate a contract file's text (or a parsed value): the contract, or why it is not one. Never throws. */
export function readContract(input: string | unknown): ContractRead {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      return { ok: false, problems: [`not JSON (${(error as Error).message})`] };
    }
  }
  if (isObject(value) && typeof value.contract === 'string' && value.contract !== CONTRACT_FORMAT)
    return {
      ok: false,
      problems: [
        `contract format ${JSON.stringify(value.contract)} is not ${CONTRACT_FORMAT}, the one this kit reads`,
      ],
    };
  if (!validate(value))
    return { ok: false, problems: formatSchemaErrors(validate.errors ?? []).slice(0, 5) };
  return { ok: true, contract: value as Contract };
}
