/**
 * Bus channel announcing that a user's license, plan or verification changed. Every instance
 * drops its cached license entry for that user at once, so a regenerated license stops working
 * and a plan change applies to quota immediately. The message is the user id.
 */
export const userChangedChannel = 'user-changed';
