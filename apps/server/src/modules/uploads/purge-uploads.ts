import type { UploadsContext } from './uploads.context.js';
import { deleteUploads, findUploads } from './uploads.repository.js';

/**
 * Deletes uploads for good (issue 17: the photos of a refused identity verification after the
 * retention period): the sealed files first, then their rows. Repeatable: a run cut short after
 * the files went leaves the rows, and the next run (the files already gone) removes them; an id
 * already deleted is skipped. Answers how many rows it removed.
 */
export async function purgeUploads(ctx: UploadsContext, ids: readonly string[]): Promise<number> {
  const rows = await findUploads(ctx.db, ids);
  for (const row of rows) await ctx.store.delete(row.storage_key);
  return (
    await deleteUploads(
      ctx.db,
      rows.map((row) => row.id),
    )
  ).length;
}
