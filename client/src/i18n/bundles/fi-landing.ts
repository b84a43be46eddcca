import { byNamespace } from './byNamespace.ts';

/** The Finnish words of the landing page alone: all a signed-out visitor's first load needs. */
export default byNamespace(import.meta.glob<Record<string, unknown>>('../locales/fi/landing.json', { eager: true, import: 'default' }));
