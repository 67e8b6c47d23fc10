import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; under Node's ESM loader its default export sits on `.default`.
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);

/**
 * Bodies are validated strictly: no type coercion ("100" is not an amount), unknown fields are
 * refused rather than silently dropped. Query strings and path parameters are text by nature,
 * so they are coerced ("limit=10" → 10) but still refuse unknown fields.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce,
    useDefaults: true,
    removeAdditional: false,
    // A body's every bad field at once (the `errors` of a 400: a form marks them all together);
    // query strings and paths stop at the first.
    allErrors: !coerce,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const strictAjv = makeAjv(false);
const coercingAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
  const validate: ValidateFunction = ajv.compile(schema as object);
  // Ajv's `integer` (and `number`) let Infinity through: `1e309` in JSON, or `?offset=1e309`
  // coerced, would reach a statement as "Infinity". Refused after the schema has passed.
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const path = nonFinitePath(data);
    checked.errors =
      path === undefined
        ? null
        : [
            {
              instancePath: path,
              schemaPath: '#',
              keyword: 'finite',
              params: {},
              message: 'must be a finite number',
            },
          ];
    return path === undefined;
  }) as ValidateFunction;
  return checked;
};

/**
 * The JSON pointer of the first number in `data` that is not finite, or undefined. Iterative: a
 * schema that allows any JSON (a gateway event's `data`) may let deep nesting through.
 */
export function nonFinitePath(data: unknown): string | undefined {
  const pending: [unknown, string][] = [[data, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push([child, `${path}/${key}`]);
    }
  }
  return undefined;
}
