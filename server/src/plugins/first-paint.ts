import { createHash } from 'node:crypto';
import {
  pageElementIds,
  pressedSubmitAttribute,
  queuedSubmitAttribute,
  storageKeys,
} from '@prometrica/shared-api/contract';

// A first paint: a screen rendered at build time (config/first-paint.cjs) that the page of its
// route carries inside the shell's root element, so the screen shows as soon as the HTML and the
// start-up styles arrive. Its inputs take typing at once; the shell's first render replaces it with
// the live screen, which carries over what was typed (participant-app's painted-form.ts).

/** The element that holds a first paint in the page. */
export const firstPaintElementId = pageElementIds.firstPaint;

/**
 * Run while the page is parsed, right after the first paint of a visitor's screen (`/`). A browser
 * with a stored account token is sent on by the shell once it has checked it (the routes that have
 * such a first paint are for visitors who are not signed in), so it is not shown the screen
 * meanwhile; storage that cannot be read leaves the screen. Otherwise a submit of the painted form
 * (Continue, or Enter in a field) is held back and marked, for the live screen to send when it takes
 * over: the browser's own submit would load the page again with what was typed in its address. A
 * press on the painted Continue (pointer, or Space) is marked until its release, so that a press the
 * takeover splits in two (pressed on the painted button, released on the live one, which gets no
 * click) is still a submit.
 */
export const firstPaintScript = `(function(p){try{if(localStorage.getItem(${JSON.stringify(storageKeys.token)})){p.remove();return}}catch(e){}p.addEventListener("submit",function(e){e.preventDefault();e.target.setAttribute(${JSON.stringify(queuedSubmitAttribute)},"")});function m(e){var b=e.target.closest&&e.target.closest('button[type="submit"]');if(b&&b.form)b.form.setAttribute(${JSON.stringify(pressedSubmitAttribute)},"")}p.addEventListener("pointerdown",function(e){if(e.button===0)m(e)});p.addEventListener("keydown",function(e){if(e.key===" ")m(e)});function r(e){if(e.type!=="keyup"||e.key===" "){var f=p.querySelector("form");if(f)f.removeAttribute(${JSON.stringify(pressedSubmitAttribute)})}}document.addEventListener("pointerup",r,true);document.addEventListener("pointercancel",r,true);document.addEventListener("keyup",r,true)})(document.getElementById(${JSON.stringify(firstPaintElementId)}))`;

/**
 * The same for the first paint of an account's screen (the dashboard's frame): shown only to a
 * browser with a stored account token, which the shell then checks; any other browser, or storage
 * that cannot be read, is sent to sign in and is not shown the frame meanwhile.
 */
export const accountPaintScript = `(function(p){try{if(localStorage.getItem(${JSON.stringify(storageKeys.token)}))return}catch(e){}p.remove()})(document.getElementById(${JSON.stringify(firstPaintElementId)}))`;

const sourceOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The scripts' hashes for the Content-Security-Policy: it allows these inline scripts and no other. */
export const firstPaintScriptSource = `${sourceOf(firstPaintScript)} ${sourceOf(accountPaintScript)}`;

const emptyRoot = '<div id="root"></div>';

/**
 * The page with a first paint in its root element: the shell's head (its providers' styles), then
 * the remote's (its screen's styles) and the screen, with the script for a visitor's screen or
 * (`forAccount`) an account's. A page whose root element is not the empty one the shell's template
 * has is left as it is.
 */
export function withFirstPaint(
  html: string,
  parts: { shellHead: string; remoteHead: string; screen: string; forAccount?: boolean },
): string {
  const at = html.indexOf(emptyRoot);
  if (at < 0) return html;
  const paint =
    `<div id="${firstPaintElementId}" data-first-paint="">${parts.shellHead}${parts.remoteHead}${parts.screen}</div>` +
    `<script>${parts.forAccount ? accountPaintScript : firstPaintScript}</script>`;
  return `${html.slice(0, at)}<div id="root">${paint}</div>${html.slice(at + emptyRoot.length)}`;
}
