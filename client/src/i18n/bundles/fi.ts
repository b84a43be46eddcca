import { byNamespace } from './byNamespace.ts';

/** Every Finnish namespace, in one chunk the client loads when Finnish is needed. */
export default byNamespace(import.meta.glob<Record<string, unknown>>('../locales/fi/*.json', { eager: true, import: 'default' }));
