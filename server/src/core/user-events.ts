/**
 * Bus channel announcing that a user's licence, plan or verification changed. Every instance
 * drops its cached licence entry for that user at once, so a regenerated licence stops working
 * and a plan change applies to quota immediately. The message is the user id.
 */
export const userChangedChannel = 'user-changed';
