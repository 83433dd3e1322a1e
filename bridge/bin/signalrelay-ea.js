#!/usr/bin/env node
// The reference EA's command line. The sources are TypeScript; tsx (a root dev dependency)
// compiles them on the fly, so `npx signalrelay-ea` works from a checkout without a build.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/ea-cli.ts');
process.exitCode = await main(process.argv.slice(2));
