// Every Studio input in one place: one zod schema per form, shared by the form (which
// shows the messages beside its fields) and by the handler (which answers 400 with them).
// The schemas live in the files below, grouped by what they are about.
export * from './account-inputs';
export * from './post-inputs';
export * from './site-inputs';
export { fieldErrors, wholeInputKey } from './field-errors';
export { countCodePoints, findTextProblem, textRules, type TextRules } from './text-field';
export { findHrefProblem, maxRecordId, maxSlugLength } from './fields';
