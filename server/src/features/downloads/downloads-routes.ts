import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { defaultEaReleaseDir, eaSourceDir } from '../../paths.ts';
import { loadDownloads } from './downloads-manifest.ts';

type Options = { deps: Pick<AppDeps, 'config'> };

/**
 * The EA downloads (spec section 2): `GET /api/downloads` (public, the docs page shows it too),
 * the compiled EAs at root paths (`/SignalRelay.ex5` …) when the release folder holds them, and
 * `/downloads/SignalRelay-<platform>.zip` (both EAs laid out as the terminal's data folder)
 * always. Everything is read and zipped once here, so a new release folder needs a restart.
 * Registered without a prefix, before the site's history fallback, so these paths are never
 * answered with index.html.
 */
export default async function downloadsRoutes(app: FastifyInstance, { deps }: Options) {
  const releaseDir = path.resolve(deps.config.EA_RELEASE_DIR ?? defaultEaReleaseDir);
  const { manifest, files, missing } = await loadDownloads({
    sourceDir: eaSourceDir,
    releaseDir,
    publicUrl: deps.config.publicUrl,
  });
  app.log.info(
    {
      releaseDir,
      compiled: manifest.downloads.flatMap((d) => (d.binary ? [d.binary.fileName] : [])),
    },
    'EA downloads ready',
  );

  app.get('/api/downloads', async () => manifest);

  for (const file of files) {
    const body = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
    app.get(file.url, async (_request, reply) =>
      reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'public, max-age=300')
        .send(body),
    );
  }

  for (const file of missing) {
    app.get(file.url, async () => {
      throw new AppError(
        'NOT_FOUND',
        `${file.fileName} is not built on this server yet. Download ${file.zipUrl}, which holds the source files, and compile them in MetaEditor (F7).`,
      );
    });
  }
}
