/** The one style of a title: a screen's navbar, a popup's navbar, a dialog's heading. */
export const TITLE = 'text-xl font-semibold tracking-tight text-ink';
