// The exact length of a media answer, sent beside the body for the server entry's
// content-length layer (src/server-entry/content-length.ts) to turn into Content-Length,
// which Next drops from route handlers. Its own module: the server entry imports it
// without the media routes.
export const lengthHeader = 'X-Duet-Content-Length';
