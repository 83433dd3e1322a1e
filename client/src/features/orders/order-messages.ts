import { ApiError } from '../../lib/api-client.ts';

/** The Order History texts of spec sections 2 and 8, word for word. */
export const orderMessages = {
  loading: 'Loading order history...',
  emptyTitle: 'No order history available',
  emptyText: 'Install and run the OrderTracker EA to start tracking your trading activity',
  noMatch: 'No orders match the selected filters.',
  confirmDeleteAll:
    'Are you sure you want to delete ALL order history? This action cannot be undone.',
  confirmDeleteOne: (ticket: string) =>
    `Are you sure you want to delete order #${ticket}? This action cannot be undone.`,
  deletedAll: 'Order history deleted successfully',
  deletedOne: (ticket: string) => `Order #${ticket} deleted successfully`,
};

/** 'Failed to fetch order history' when the server refused, 'Error …' when it did not answer. */
export function loadErrorText(err: unknown): string {
  return err instanceof ApiError ? 'Failed to fetch order history' : 'Error fetching order history';
}

/** The server's `error` text (the spec reads that field), or 'Unknown error' when it gave none. */
function serverText(err: ApiError): string {
  const body = (typeof err.body === 'object' ? err.body : null) as Record<string, unknown> | null;
  for (const key of ['error', 'message']) {
    const text = body?.[key];
    if (typeof text === 'string' && text !== '') return text;
  }
  return 'Unknown error';
}

export function deleteAllErrorText(err: unknown): string {
  return err instanceof ApiError
    ? `Failed to delete order history: ${serverText(err)}`
    : 'Error deleting order history. Please try again.';
}

export function deleteOneErrorText(err: unknown): string {
  return err instanceof ApiError
    ? `Failed to delete order: ${serverText(err)}`
    : 'Error deleting order. Please try again.';
}
