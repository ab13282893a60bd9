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
const bootstrapTag = /^<script\b([^>]*?)\stype="module"([^>]*)>$/;

/**
 * The rewritten document as byte ranges, or null while its bootstrap script has not been received
 * whole. Only the parts that change become text: the markers are ASCII and are searched for in the
 * bytes, so the rest (the whole page, hundreds of kilobytes for a long price list) is passed on
 * as it was rendered. Text is taken as latin1, one character per byte, so cutting and joining
 * never splits a multi-byte character.
 */
export function deferInDocument(doc: Buffer, nonce: string): Buffer[] | null {
  // React 19 hoists every <link> into <head>, so that is where the preloads are.
  const headEnd = doc.indexOf("</head>");
  if (headEnd === -1) return null;
  // The bootstrap follows the page's content, so the search runs from the end: from <head> it
  // would first read through the whole page, hundreds of kilobytes for a long price list.
  for (let at = doc.lastIndexOf('type="module"'); at > headEnd; at = doc.lastIndexOf('type="module"', at - 1)) {
    const tagStart = doc.lastIndexOf("<script", at);
    const tagEnd = doc.indexOf(">", at);
    if (tagStart === -1 || tagEnd === -1) return null;
    const open = bootstrapTag.exec(doc.toString("latin1", tagStart, tagEnd + 1));
    if (!open) continue;
    const close = doc.indexOf("</script>", tagEnd);
    if (close === -1) return null;
    const end = close + "</script>".length;
    const hrefs: string[] = [];
    const head = doc.toString("latin1", 0, headEnd).replace(modulePreloadTag, (tag) => {
      // Attribute values stay as React escaped them, so they can go into another attribute as they are.
      const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
      if (href) hrefs.push(href);
      return "";
    });
    const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
    const bootstrap =
      `<script${open[1]} type="${deferredModuleType}"${open[2]}>` +
      doc.toString("latin1", tagEnd + 1, end) +
      `<script${nonceAttr} data-modulepreload="${hrefs.join(" ")}">${deferredScriptsLoader}</script>`;
    return [
      Buffer.from(head, "latin1"),
      doc.subarray(headEnd, tagStart),
      Buffer.from(bootstrap, "latin1"),
      doc.subarray(end),
    ];
  }
  return null;
}

/**
 * A stream between React's renderer and the response. It holds what React writes until React
 * ends a pass of writing (React calls `flush()` on its destination then), which for the shell is
 * the tick it renders it in; if the bootstrap script is there, the held bytes go out rewritten
 * and everything after (streamed data, deferred boundaries) passes through untouched. Holding
 * also hands the response one large piece instead of React's 4 KB ones.
 */
export function deferScriptsUntilPainted(nonce: string) {
  const held: Buffer[] = [];
  let done = false;
  const release = (stream: Transform, atEnd: boolean) => {
    if (done || held.length === 0) return;
    const doc = held.length === 1 ? held[0] : Buffer.concat(held);
    held.length = 0;
    const parts = deferInDocument(doc, nonce);
    if (parts) {
      done = true;
      for (const part of parts) stream.push(part);
    } else if (atEnd) {
      // No bootstrap script in the document (nothing to defer): send it as it was rendered.
      stream.push(doc);
    } else {
      held.push(doc);
    }
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      held.push(chunk);
      callback();
    },
    flush(callback) {
      release(this, true);
      callback();
    },
  });
  return Object.assign(stream, { flush: () => release(stream, false) });
}
