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

const platformSchema = z.enum(['mt5', 'mt4']);

/** One zip per platform, laid out as the terminal's data folder (`MQL5/Experts`, `MQL5/Include`). */
export const downloadPackageSchema = downloadFileSchema.extend({
  platform: platformSchema,
  /** The compiled EAs inside, next to their sources; empty when the zip holds sources only. */
  compiled: z.array(z.string()),
});

export const downloadEntrySchema = z.object({
  /** `<program>-<platform>`, stable across releases (React keys, test selectors). */
  id: z.string(),
  /** The card title the spec names, e.g. "MT5 OrderTracker EA". */
  name: z.string(),
  program: z.enum(['SignalRelay', 'OrderTracker']),
  platform: platformSchema,
  kind: z.enum(['relay', 'tracker']),
  /** Extension of the compiled file: ".ex5" or ".ex4". */
  fileType: z.enum(['.ex5', '.ex4']),
  /** The compiled EA on its own, when the release folder holds it. */
  binary: downloadFileSchema.nullable(),
});

export const downloadsManifestSchema = z.object({
  /** The EA release, from ea/Include/SignalRelay/Version.mqh, e.g. "1.1.0". */
  version: z.string(),
  /** MT5 first, then MT4. */
  packages: z.array(downloadPackageSchema),
  downloads: z.array(downloadEntrySchema),
});

export type DownloadFile = z.infer<typeof downloadFileSchema>;
export type DownloadPackage = z.infer<typeof downloadPackageSchema>;
export type DownloadEntry = z.infer<typeof downloadEntrySchema>;
export type DownloadsManifest = z.infer<typeof downloadsManifestSchema>;

/** Where the step-by-step installation guide lives (client route). */
export const installGuidePath = '/docs/install-mt4-5';
