/** Element ids that other parts of the layout point to (aria-controls, the skip link, focus moves). */
export const SIDEBAR_ID = 'sidebar';
export const MAIN_CONTENT_ID = 'main-content';
