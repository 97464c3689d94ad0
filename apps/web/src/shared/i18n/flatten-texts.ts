/** A locale file's nested texts. */
export type TextTree = { [key: string]: string | TextTree };

/** Every text of a locale file by its dotted key (`admin.users.title`), for the parity tests. */
export function flattenTexts(tree: TextTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flattenTexts(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
