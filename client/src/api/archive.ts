import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ArchiveExport, archiveExportSchema } from '../../../contract/archive.ts';
import type { Language } from '../../../contract/languages.ts';
import { apiRequest, getJson } from './request.ts';

const exportsKey = ['/api/account/exports'] as const;

/** How often the list is read again while an archive is being prepared. */
export const EXPORT_POLL_MS = 2000;

const underWay = (rows: ArchiveExport[] | undefined) => rows?.some((row) => row.state === 'queued' || row.state === 'running') ?? false;

/**
 * GET /api/account/exports: the person's archives, newest first, fresh each time Settings opens
 * and read again every 2 s while one is being prepared (so a reload shows where it is).
 */
export function useArchiveExports() {
  return useQuery({
    queryKey: exportsKey,
    queryFn: async () => archiveExportSchema.array().parse(await getJson<unknown>('/api/account/exports')),
    staleTime: 0,
    refetchInterval: (query) => (underWay(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** POST /api/account/export: starts an archive in the interface language (or answers the one under way). */
export function useStartArchiveExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => archiveExportSchema.parse(await apiRequest('POST', '/api/account/export', { language })),
    onSuccess: (started) =>
      queryClient.setQueryData<ArchiveExport[]>(exportsKey, (rows = []) => [started, ...rows.filter((row) => row.id !== started.id)]),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: exportsKey }),
  });
}
