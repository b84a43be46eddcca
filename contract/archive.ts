import { z } from 'zod';
import { languageSchema } from './languages.ts';

/**
 * The person's archive as their own (docs/decisions/034-the-archive.md): the export of the
 * whole account as one ZIP, the import of such a ZIP into another Saaga, and the deletion of
 * the account. Shapes shared by the server's routes and the Settings screen.
 */

// ---------------------------------------------------------------- export

/** queued and running while the job builds the ZIP; ready to download until expiresAt; then expired. */
export const ARCHIVE_EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ArchiveExportState = (typeof ARCHIVE_EXPORT_STATES)[number];

export const ARCHIVE_LIMITS = {
  /** How long a finished archive can be downloaded. */
  exportKeptDays: 7,
  /** Exports one person may start in a day (each reads every file of the account). */
  exportsPerDay: 5,
  /** Exports the list shows, newest first. */
  exportsListed: 10,
  /** Size of one piece of an import upload; the last piece may be shorter. */
  importChunkBytes: 8 * 1024 * 1024,
  /** The largest archive an import takes (the audio in it must also fit the account's storage). */
  importMaxBytes: 20 * 1024 * 1024 * 1024,
  /** Imports one person may start in a day. */
  importsPerDay: 5,
  /** Uploads of an import that are never finished are removed after this long. */
  importUploadKeptHours: 48,
} as const;

/** How far a job is: `done` of `total` items (recordings, stories, files). */
export const archiveProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type ArchiveProgress = z.infer<typeof archiveProgressSchema>;

/** A row of GET /api/account/exports, and the answer of POST /api/account/export (202). */
export const archiveExportSchema = z.object({
  id: z.string(),
  state: z.enum(ARCHIVE_EXPORT_STATES),
  progress: archiveProgressSchema,
  /** The ZIP's size once ready. */
  sizeBytes: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the download stops working (ready exports only). */
  expiresAt: z.string().nullable(),
  /** Why it failed, in English; the client shows its own words for `errorCode`. */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  /** GET /api/account/exports/{id}/download, while ready. */
  downloadUrl: z.string().nullable(),
});
export type ArchiveExport = z.infer<typeof archiveExportSchema>;

// ---------------------------------------------------------------- import

/** uploading while the pieces arrive; queued and running while the job reads it; done or failed. */
export const ARCHIVE_IMPORT_STATES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;
export type ArchiveImportState = (typeof ARCHIVE_IMPORT_STATES)[number];

/** POST /api/account/import: a new chunked upload of an archive of `sizeBytes` bytes. */
export const archiveImportStartSchema = z.object({
  sizeBytes: z
    .number()
    .int()
    .positive('The file is empty')
    .max(ARCHIVE_LIMITS.importMaxBytes, 'This archive is too large to import'),
  fileName: z.string().trim().max(500).optional(),
});
export type ArchiveImportStartBody = z.input<typeof archiveImportStartSchema>;

/** What the import added to the account, when done. */
export const archiveImportCountsSchema = z.record(z.string(), z.number().int());

/** A row of GET /api/account/imports; the answer of every import call. */
export const archiveImportSchema = z.object({
  id: z.string(),
  state: z.enum(ARCHIVE_IMPORT_STATES),
  fileName: z.string().nullable(),
  sizeBytes: z.number(),
  /** Bytes the server holds: the next piece to send starts here (PUT .../chunks/{receivedBytes / chunkSize}). */
  receivedBytes: z.number(),
  chunkSize: z.number(),
  progress: archiveProgressSchema,
  counts: archiveImportCountsSchema.nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ArchiveImport = z.infer<typeof archiveImportSchema>;

// ---------------------------------------------------------------- deletion

/** The word the person types to confirm, in the language of the screen they see. */
export const ACCOUNT_DELETION_WORDS = { en: 'DELETE', fi: 'POISTA' } as const;

/**
 * DELETE /api/account: the typed word in the interface `language`, and the password for an
 * account that has one (an account that signs in only with a provider signs in again first:
 * its session must be younger than FRESH_SIGN_IN_MINUTES).
 */
export const accountDeletionSchema = z.object({
  language: languageSchema,
  confirmation: z.string().trim().max(50),
  password: z.string().max(1000).optional(),
});
export type AccountDeletionBody = z.input<typeof accountDeletionSchema>;
export const FRESH_SIGN_IN_MINUTES = 10;

/** Whether the typed word confirms a deletion in `language`: spaces around it and letter case do not matter. */
export function deletionWordMatches(language: keyof typeof ACCOUNT_DELETION_WORDS, typed: string): boolean {
  return typed.trim().toLocaleUpperCase(language) === ACCOUNT_DELETION_WORDS[language];
}

/**
 * GET /api/account/deletion: how this account confirms a deletion. `password` for an account
 * that has one; else `signIn` through its `provider`, which is needed again unless `signedInRecently`.
 */
export const accountDeletionCheckSchema = z.object({
  confirmWith: z.enum(['password', 'signIn']),
  provider: z.enum(['google', 'oidc']).nullable(),
  signedInRecently: z.boolean(),
});
export type AccountDeletionCheck = z.infer<typeof accountDeletionCheckSchema>;
