/** A value only when `key` is the map's own property: client-supplied names like "constructor" or "__proto__" never
 * reach inherited members of Object.prototype. */
export function own<V>(map: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}
