// How many characters one request for the display face may name: shared by the page
// script that asks (components/site/display-font-script.ts) and the routes that answer.
export const maxPageCodePoints = 1500;
export const maxSliceCodePoints = 1000;
