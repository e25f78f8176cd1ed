/**
 * The width of the participant screens that hold a form or a list (the consent, the questions, the
 * workplace concerns), in px: one measure, so moving from one to the next does not change the page's
 * width. The short screens (details, welcome, submit, thank-you) are narrower cards.
 */
export const pageWidth = 760;
