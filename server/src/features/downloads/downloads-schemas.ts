import { z } from 'zod';

/**
 * The Downloads contract (`GET /api/downloads`), shared by the route, the Downloads tab, the
 * /docs/download-ea cards and the tests. Imports only zod so the client can bundle it.
 */

const downloadFileSchema = z.object({
  /** Root-relative path the file is served from. */
  url: z.string(),
  fileName: z.string(),
  bytes: z.number().int().positive(),
});

export const downloadEntrySchema = z.object({
  /** `<program>-<platform>`, stable across releases (React keys, test selectors). */
  id: z.string(),
  /** The card title the spec names, e.g. "MT5 OrderTracker EA". */
  name: z.string(),
  program: z.enum(['SignalRelay', 'OrderTracker']),
  platform: z.enum(['mt5', 'mt4']),
  kind: z.enum(['relay', 'tracker']),
  /** From the source's `#property version`, e.g. "1.00". */
  version: z.string(),
  /** Extension of the compiled file: ".ex5" or ".ex4". */
  fileType: z.enum(['.ex5', '.ex4']),
  /** The compiled EA, when the release folder holds it. */
  binary: downloadFileSchema.nullable(),
  /** The sources laid out as the terminal's data folder, with compile instructions. */
  source: downloadFileSchema,
});

export const downloadsManifestSchema = z.object({
  downloads: z.array(downloadEntrySchema),
});

export type DownloadFile = z.infer<typeof downloadFileSchema>;
export type DownloadEntry = z.infer<typeof downloadEntrySchema>;
export type DownloadsManifest = z.infer<typeof downloadsManifestSchema>;

/** Where the step-by-step installation guide lives (client route). */
export const installGuidePath = '/docs/install-mt4-5';
