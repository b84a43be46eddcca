import { byNamespace } from './byNamespace.ts';

/** The English words of the landing page alone: all a signed-out visitor's first load needs. */
export default byNamespace(import.meta.glob<Record<string, unknown>>('../locales/en/landing.json', { eager: true, import: 'default' }));
