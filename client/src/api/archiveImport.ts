import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ArchiveImport, archiveImportSchema, type ArchiveImportStartBody } from '../../../contract/archive.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { apiRequest, getJson } from './request.ts';

export type { ArchiveImport };

const IMPORTS = '/api/account/imports';
const importsKey = [IMPORTS] as const;

/** An import the job has not finished with. */
export const isImporting = (upload: ArchiveImport) => upload.state === 'queued' || upload.state === 'running';

/** GET /api/account/imports: the person's imports, newest first; read again every 2 s while one is being imported. */
export function useArchiveImports() {
  return useQuery({
    queryKey: importsKey,
    queryFn: async () => archiveImportSchema.array().parse(await getJson<unknown>(IMPORTS)),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isImporting) ? TIMINGS.statusPollMs : false),
  });
}

/** The list read again now (after a piece, a finish, a cancel). */
export function useRefreshArchiveImports() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: importsKey });
}

/** POST /api/account/import: a new upload of an archive of this size. */
export async function startArchiveImport(body: ArchiveImportStartBody): Promise<ArchiveImport> {
  return archiveImportSchema.parse(await apiRequest('POST', '/api/account/import', body));
}

/** PUT /api/account/imports/{id}/chunks/{index}: one piece of the file, as bytes. */
export async function sendArchivePiece(id: string, index: number, piece: Blob, signal?: AbortSignal): Promise<ArchiveImport> {
  const bytes = new Blob([piece], { type: 'application/octet-stream' });
  return archiveImportSchema.parse(await apiRequest('PUT', `${IMPORTS}/${id}/chunks/${index}`, bytes, { signal }));
}

/** POST /api/account/imports/{id}/finish: every byte is in; the server reads the archive. */
export async function finishArchiveImport(id: string): Promise<ArchiveImport> {
  return archiveImportSchema.parse(await apiRequest('POST', `${IMPORTS}/${id}/finish`));
}

/** DELETE /api/account/imports/{id}: cancels an upload; its pieces go, and it stays listed as failed (import_cancelled). */
export async function cancelArchiveImport(id: string): Promise<void> {
  await apiRequest('DELETE', `${IMPORTS}/${id}`);
}
