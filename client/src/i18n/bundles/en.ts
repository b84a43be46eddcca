import { byNamespace } from './byNamespace.ts';

/** Every English namespace, in one chunk the client loads when English is needed. */
export default byNamespace(import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' }));
