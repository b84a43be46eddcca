import type { EngineReadiness } from '../../contract/engines.ts';
import type { ComponentStatus } from './routes.ts';

/** Each engine's status, as GET /api/health lists it; unset when this server runs no engines. */
export type EngineStatuses = (() => Promise<ComponentStatus[]>) | undefined;

const NARRATORS = ['local', 'openai'] as const;

/**
 * Whether each engine is ready now, from their statuses: the one computation behind every
 * endpoint that tells the screens about engines (GET /api/engines, GET /api/live). An engine
 * not listed is not known to be missing. Loads no model and calls no provider.
 */
export async function engineReadinessOf(statuses: EngineStatuses): Promise<EngineReadiness> {
  const listed = statuses ? await statuses() : [];
  const find = (name: string) => listed.find((status) => status.name === name);
  const ready = (name: string) => find(name)?.ready ?? true;
  const narrator = NARRATORS.find((adapter) => adapter === find('narrator')?.adapter) ?? null;
  return { transcriber: { ready: ready('transcriber') }, writer: { ready: ready('writer') }, narrator: { adapter: narrator } };
}
