import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The route tree's generator settings, shared by Vite's plugin and `npm run routes`. */
export const routerOptions = {
  target: 'react' as const,
  routesDirectory: path.join(root, 'src/routes'),
  generatedRouteTree: path.join(root, 'src/routeTree.gen.ts'),
  autoCodeSplitting: true,
  quoteStyle: 'single' as const,
  addExtensions: true,
};
