import { z } from 'zod';

/** Ids are PostgreSQL integers: nothing above this names a row. */
export const MAX_ID = 2_147_483_647;

/** A row's id in a body: a positive PostgreSQL integer. */
export const idSchema = z.number().int().positive().max(MAX_ID);

/** A row's id in a path: digits only ("1.5", "-1", "1e3" name nothing), as an id. */
export const idParamSchema = z.string().regex(/^\d+$/).transform(Number).pipe(idSchema);

/** A row's id in a path for the rows named by a uuid (an archive's export or import): anything else names nothing. */
export const uuidParamSchema = z.uuid();
