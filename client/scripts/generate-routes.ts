// Writes src/routeTree.gen.ts from src/routes without a Vite build. The file is generated,
// not committed: the type check needs it before anything has built the client.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';
import { routerOptions } from '../router-options.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
await new Generator({ config: getConfig(routerOptions, root), root }).run();
