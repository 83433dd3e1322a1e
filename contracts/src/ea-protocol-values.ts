/**
 * The EA protocol's versions, the values its messages are made of and the terminal's identity
 * every message carries (ea/PROTOCOL.md, "Conventions" and "Number ranges"): what the signal
 * (ea-signal.ts), the transports (ea-protocol.ts) and the orders report (ea-orders-report.ts)
 * are built from.
 */
import { z } from 'zod';

/** The latest version, the one this package's EA speaks. */
export const protocolVersion = 3;
/**
 * Every version the server speaks. An EA names its own in `v`; the server answers in that
 * version and never sends it anything that version does not define.
 */
export const protocolVersions = [1, 2, 3] as const;
export const protocolVersionSchema = z.literal(protocolVersions);
export type ProtocolVersion = z.infer<typeof protocolVersionSchema>;

export const platforms = ['mt4', 'mt5'] as const;
export const platformSchema = z.enum(platforms);
export type Platform = z.infer<typeof platformSchema>;

export const positions = ['buy', 'sell', 'closebuy', 'closesell', 'closeall'] as const;
/** v3: pending orders, and the commands that act on this EA's orders without opening. */
export const pendingPositions = ['buylimit', 'selllimit', 'buystop', 'sellstop'] as const;
export const positionsV3 = [...positions, ...pendingPositions, 'cancel', 'modify'] as const;
export const positionSchema = z.enum(positionsV3);
export type Position = z.infer<typeof positionSchema>;

/** `account` and `ticket` are strings of digits so 64-bit values survive JSON. */
export const digitsPattern = /^\d{1,20}$/;
export const digits = z.string().regex(digitsPattern, 'must be a string of digits');
export const shortText = (max: number) => z.string().max(max);

/**
 * Numbers bounded to the columns that store them, so what the schema accepts the database
 * takes (ea/PROTOCOL.md, "Number ranges"): int4 codes, timestamps up to the year 9999, prices
 * and money below 1e12 (a sum of such values still fits a double without overflowing).
 */
export const int4Range = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;
export const int4 = z.number().int().min(int4Range.min).max(int4Range.max);
export const maxTimeMs = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
export const timeMs = z.number().int().min(0).max(maxTimeMs);
export const maxMoney = 1e12;
export const price = z.number().min(0).max(maxMoney);
export const money = z.number().min(-maxMoney).max(maxMoney);

export const terminalIdentitySchema = z.object({
  licenseNumber: z.string().min(1).max(128),
  platform: platformSchema,
  account: digits,
  broker: shortText(128),
});
export type TerminalIdentity = z.infer<typeof terminalIdentitySchema>;
