export type Namespaces = Record<string, Record<string, unknown>>;

/** `../locales/<lng>/<namespace>.json` files by namespace name. */
export function byNamespace(files: Record<string, Record<string, unknown>>): Namespaces {
  const namespaces: Namespaces = {};
  for (const [file, words] of Object.entries(files)) namespaces[file.match(/([\w-]+)\.json$/)![1]] = words;
  return namespaces;
}
