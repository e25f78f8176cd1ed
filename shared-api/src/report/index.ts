// `@prometrica/shared-api/report`: the doctor's report as both apps show it (the admin's page with
// its comment editors, the participant's copy). Its own entry, not the root's: the root is the
// federation singleton every screen loads, and only the report screens need this.
export { ReportDocument, type ReportDocumentProps } from './report-document';
export { CommentText } from './comment-text';
export { bandBoundaries, bandColours } from './category-bars';
export { formatDateTime, formatDuration } from './report-format';

/** Spread on what must not be printed (navigation, buttons, editors): `<div {...printHidden}>`. */
export const printHidden = { 'data-print': 'hide' } as const;
/** Spread on what is printed but not shown on screen (e.g. the text an editor holds). */
export const printOnly = { 'data-print': 'only' } as const;
