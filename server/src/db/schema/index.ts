export * from './misc.ts';
export * from './notifications.ts';
export * from './orders.ts';
export * from './rules.ts';
export * from './signals.ts';
export * from './users.ts';
