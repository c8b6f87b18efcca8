/**
 * Every desk query's key starts with this, so a change to any request refreshes them all. Kept apart
 * from the calls: the menu's count imports it without the desk's schemas (and so without zod).
 */
export const deskKey = ['requests', 'desk'] as const;
