import { defineConfig } from 'tsup';

// One bundle per entry; npm packages stay external, the workspace packages are bundled in.
export default defineConfig({
  entry: ['src/main.ts', 'src/worker.ts', 'src/db/migrate-cli.ts', 'src/admin-cli.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@signalrelay/contracts', '@signalrelay/bridge'],
});
