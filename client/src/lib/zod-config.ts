import { z } from 'zod';

/**
 * Imported first by main.tsx. zod compiles object parsers with `new Function` when the page
 * allows it, and finds out by trying, which a page under our Content-Security-Policy (no
 * 'unsafe-eval') reports as a violation. Its interpreted parsers are plenty fast here.
 */
z.config({ jitless: true });
