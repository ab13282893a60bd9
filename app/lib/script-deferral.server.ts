import { Transform } from "node:stream";

/**
 * Starts a page's JavaScript after its first paint (docs/decisions/015-scripts-after-first-paint.md).
 *
 * React Router's <Scripts /> puts a `<link rel="modulepreload">` for every module of the entry and
 * the matched routes (~140 KB gzip on a public page) in <head>, and the bootstrap
 * `<script type="module">` that imports them at the end of <body>. On a slow phone connection those
 * downloads share the bandwidth with the HTML, the stylesheet and the hero image, so the first paint
 * waits for code that is only needed to make the already rendered page interactive. Lighthouse's
 * simulated mobile run counts every request that finished before the largest paint, and put LCP at
 * 2.4–2.6 s on every public page (budget: 2.0 s). `fetchpriority="low"` on the preloads does not
 * change that, because they still finish before the paint.
 *
 * This rewrite of the streamed HTML removes the modulepreload links, makes the bootstrap script
 * inert (`type="text/x-deferred-module"`) and adds a small nonce'd loader right after it. Once the
 * page has painted (see the loader), the loader adds the same modulepreload links, so every module
 * still downloads in parallel with no import waterfall, and runs the bootstrap as a module script
 * with the page's nonce. Until then the server-rendered page is complete and its links and forms
 * work as plain HTML.
 */
export const deferredModuleType = "text/x-deferred-module";

/**
 * The loader. `document.currentScript` carries the preload list and its previous sibling is the
 * inert bootstrap. It starts the scripts once the browser has presented the first contentful paint
 * and every priority image (`fetchpriority="high"`, the LCP image; <Img priority> marks them with
 * `elementtiming`), as Paint Timing and Element Timing report them: a timer or an animation frame
 * fires before the frame is actually on screen, 80 ms before on a busy machine. Browsers without
 * those APIs wait for a frame instead. An image that is hidden or outside the viewport at this
 * width is never presented, so an image counts as shown at the latest 500 ms after it loaded or
 * failed. A page that is not visible starts at once: it has no paint to protect. The links go
 * into <head> four at a time, one task each (inserting a page's 14–20 at once took 10–30 ms on a busy
 * machine), and the bootstrap, which the browser compiles as it is inserted, runs in a task of its
 * own, so none of them is a long task that would hold up input.
 */
export const deferredScriptsLoader = `(function(loader,boot){
var started=false,fcp=false,types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
var images=[].slice.call(document.querySelectorAll('img[fetchpriority="high"]'));
var hrefs=loader.getAttribute("data-modulepreload").split(" ").filter(Boolean);
function start(){if(started)return;started=true;preload()}
function preload(){var f=document.createDocumentFragment();
hrefs.splice(0,4).forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;f.appendChild(l)});
document.head.appendChild(f);setTimeout(hrefs.length?preload:run,0)}
function run(){var s=document.createElement("script");s.type="module";s.nonce=boot.nonce;s.textContent=boot.textContent;document.body.appendChild(s)}
function check(){if(fcp&&!images.length)start()}
function shown(img){var i=images.indexOf(img);if(i>=0){images.splice(i,1);check()}}
function afterFrame(f){requestAnimationFrame(function(){setTimeout(f,0)})}
if(document.visibilityState!=="visible")return start();
document.addEventListener("visibilitychange",function(){if(document.visibilityState!=="visible")start()});
if(types.indexOf("paint")>=0)new PerformanceObserver(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();fcp=true;check()}}).observe({type:"paint",buffered:true});
else afterFrame(function(){fcp=true;check()});
var timed=types.indexOf("element")>=0;
if(timed)new PerformanceObserver(function(list){list.getEntries().forEach(function(e){shown(e.element)})}).observe({type:"element",buffered:true});
images.slice().forEach(function(img){function loaded(){if(timed)setTimeout(function(){shown(img)},500);else afterFrame(function(){shown(img)})}
if(img.complete)loaded();else{img.addEventListener("load",loaded);img.addEventListener("error",loaded)}});
check()})(document.currentScript,document.currentScript.previousElementSibling)`.replaceAll("\n", "");

const modulePreloadTag = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const bootstrapTag = /<script\b([^>]*?)\stype="module"([^>]*)>/g;

type Bootstrap = { open: RegExpExecArray; end: number };

/**
 * Finds the bootstrap script, searching from `from`. When it is not all there yet, `resumeAt` is
 * where the next search can start: the start of a script tag still being received, so a document
 * that arrives in many chunks is scanned once rather than once per chunk.
 */
function locateBootstrap(shell: string, from: number): Bootstrap | { resumeAt: number } {
  bootstrapTag.lastIndex = from;
  const open = bootstrapTag.exec(shell);
  if (!open) return { resumeAt: Math.max(from, shell.lastIndexOf("<")) };
  const close = shell.indexOf("</script>", open.index + open[0].length);
  if (close === -1) return { resumeAt: open.index };
  return { open, end: close + "</script>".length };
}

function rewrite(shell: string, { open, end }: Bootstrap, nonce: string) {
  const hrefs: string[] = [];
  const head = shell.slice(0, open.index).replace(modulePreloadTag, (tag) => {
    // Attribute values stay as React escaped them, so they can go into another attribute as they are.
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (href) hrefs.push(href);
    return "";
  });
  const bootstrap =
    `<script${open[1]} type="${deferredModuleType}"${open[2]}>` + shell.slice(open.index + open[0].length, end);
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  const loader = `<script${nonceAttr} data-modulepreload="${hrefs.join(" ")}">${deferredScriptsLoader}</script>`;
  return head + bootstrap + loader + shell.slice(end);
}

/**
 * Rewrites the part of the document up to the end of the bootstrap script; returns null while
 * that script has not been fully received. Works on a latin1 view of the bytes: every marker is
 * ASCII, so cutting and joining there never splits a multi-byte character.
 */
export function deferScriptsInShell(shell: string, nonce: string): string | null {
  const found = locateBootstrap(shell, 0);
  return "open" in found ? rewrite(shell, found, nonce) : null;
}

/**
 * A stream between React's renderer and the response: it holds the shell back only until the
 * bootstrap script has been written (the same tick React writes the shell in), rewrites it, and
 * passes everything after it (streamed data, deferred boundaries) through untouched.
 */
export function deferScriptsUntilPainted(nonce: string) {
  const held: Buffer[] = [];
  // Only the text from where the bootstrap could still start is searched as chunks arrive: a
  // regular expression on an ever longer joined string would copy the whole document per chunk.
  let pending = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      held.push(chunk);
      pending += chunk.toString("latin1");
      const found = locateBootstrap(pending, 0);
      if (!("open" in found)) {
        pending = pending.slice(found.resumeAt);
        return callback();
      }
      const shell = Buffer.concat(held).toString("latin1");
      const rewritten = rewrite(shell, locateBootstrap(shell, shell.length - pending.length) as Bootstrap, nonce);
      done = true;
      held.length = 0;
      pending = "";
      callback(null, Buffer.from(rewritten, "latin1"));
    },
    flush(callback) {
      // No bootstrap script in the document (nothing to defer): send it as it was rendered.
      callback(null, held.length ? Buffer.concat(held) : undefined);
    },
  });
}
