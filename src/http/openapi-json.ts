/** Walking and building the OpenAPI document as plain JSON, for each part of the finishing pass. */

export type JsonObject = { [key: string]: unknown };

export const SCHEMAS = '#/components/schemas/';

export function operations(document: JsonObject): JsonObject[] {
  const found: JsonObject[] = [];
  for (const item of Object.values(objectAt(document, 'paths'))) {
    for (const [method, operation] of Object.entries(item as JsonObject)) {
      if (['get', 'put', 'post', 'patch', 'delete'].includes(method)) {
        found.push(operation as JsonObject);
      }
    }
  }
  return found;
}

export function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key];
  if (typeof value === 'object' && value !== null) return value as JsonObject;
  const created: JsonObject = {};
  parent[key] = created;
  return created;
}
