/**
 * The console's one script, served as a file (the pages' policy runs no inline script), with
 * its hash in the address so that a browser keeps it until it changes. No framework: the pages
 * work without it; it adds two things.
 *
 * - Live table states: a page with `#live[data-event]` follows the event's change feed
 *   (`GET /v1/events/{id}/changes`, server-sent events) and, on each new results version,
 *   fetches the page again and swaps `#live` in place. A slow poll (every 20 s) catches what the
 *   feed does not announce (a dispute, a new seating). The feed's `end` (the device was signed
 *   out) reloads the page, which then shows the sign-in page and why.
 * - The offline queue: a form marked `data-queue` (a sheet, a staff confirmation, a check-in) is
 *   kept in localStorage before it is sent, then sent (the same form post, asking for JSON) and
 *   dropped once the server answered. While the connection is down it stays, and is sent again
 *   when the browser is back online, at load and every 15 s, oldest first, one tab at a time
 *   (Web Locks), each with the Idempotency-Key drawn when its form was rendered: a change the
 *   server already has is answered from that key, never written twice. A refusal on replay (the
 *   table was finalized meanwhile…) leaves the queue and is listed with the reason until dismissed.
 *   What is kept is the form's fields (ids, VP, the key): nothing secret; the cookie, which
 *   carries the session, is HttpOnly. docs/guides/store-chain.md says what the queue does not cover.
 */
import { createHash } from "node:crypto";

export const CONSOLE_SCRIPT = `(function(){"use strict";
var Q="catan-console-queue",R="catan-console-refused",box=document.getElementById("queue");
function load(k){try{var v=JSON.parse(localStorage.getItem(k)||"[]");return Array.isArray(v)?v:[];}catch(e){return [];}}
function save(k,v){try{localStorage.setItem(k,JSON.stringify(v));}catch(e){}}
function text(el,s){el.textContent=s;return el;}
function render(){if(!box)return;var q=load(Q),r=load(R),forms={};try{forms=JSON.parse(box.getAttribute("data-waiting"));}catch(e){}
var count=box.querySelector(".queue-count"),list=box.querySelector(".queue-refused");
var msg="";if(q.length){var cat=new Intl.PluralRules(document.documentElement.lang).select(q.length);msg=(forms[cat]||forms.other||"{n}").replace("{n}",q.length);}
if(!navigator.onLine)msg=(msg?msg+" ":"")+box.getAttribute("data-offline");
count.setAttribute("data-waiting-count",String(q.length));text(count,msg);
while(list.firstChild)list.removeChild(list.firstChild);
r.forEach(function(item,i){var li=document.createElement("li");li.setAttribute("data-refused",item.id);
var b=document.createElement("strong");text(b,box.getAttribute("data-refused")+" — "+item.label+": ");li.appendChild(b);
li.appendChild(document.createTextNode(item.message+" "));var d=document.createElement("button");d.type="button";d.className="secondary";
text(d,box.getAttribute("data-dismiss"));d.addEventListener("click",function(){var all=load(R);all.splice(i,1);save(R,all);render();});li.appendChild(d);list.appendChild(li);});
box.hidden=!(q.length||r.length||!navigator.onLine);
document.querySelectorAll("form[data-queue]").forEach(function(f){var k=f.querySelector("input[name=key]");var waiting=k&&q.some(function(x){return x.id===k.getAttribute("data-sent");});
if(!waiting)return;f.classList.add("pending-send");f.setAttribute("aria-busy","true");f.querySelectorAll("button").forEach(function(b){b.disabled=true;});});}
function newKey(){return window.crypto&&crypto.randomUUID?crypto.randomUUID():String(Date.now())+Math.random().toString(16).slice(2);}
document.addEventListener("submit",function(e){var f=e.target;if(!f||!f.hasAttribute||!f.hasAttribute("data-queue"))return;e.preventDefault();
// The form's own fields shadow its properties (its "action" input): read attributes.
var k=f.querySelector("input[name=key]");var id=k?k.value:newKey();var body=new URLSearchParams(new FormData(f)).toString();
var q=load(Q);if(!q.some(function(x){return x.id===id;}))q.push({id:id,url:new URL(f.getAttribute("action")||location.href,location.href).href,body:body,label:f.getAttribute("data-queue"),at:Date.now()});save(Q,q);
if(k){k.setAttribute("data-sent",id);k.value=newKey();}
render();flush();});
var flushing=false;
function send(item){return fetch(item.url,{method:"POST",credentials:"same-origin",headers:{"content-type":"application/x-www-form-urlencoded",accept:"application/json","x-console-queue":"1"},body:item.body})
.then(function(res){return res.json().catch(function(){return {};}).then(function(j){return {status:res.status,body:j};});});}
function drain(){var q=load(Q);if(!q.length)return Promise.resolve(false);var item=q[0],sent=false;
return send(item).then(function(a){var rest=load(Q).filter(function(x){return x.id!==item.id;});
if(a.status>=200&&a.status<300){save(Q,rest);sent=true;}
else if(a.status===401||a.status===429||a.status>=500||(a.body&&a.body.code==="idempotent_request_in_progress")){throw new Error("later");}
else{save(Q,rest);var r=load(R);r.push({id:item.id,label:item.label,message:a.body&&a.body.message||String(a.status)});save(R,r);sent=true;}
render();return drain().then(function(more){return sent||more;});});}
function flush(){if(flushing||!load(Q).length)return;flushing=true;
var run=function(){return drain().catch(function(){return true;});};
var p=navigator.locks&&navigator.locks.request?navigator.locks.request(Q,run):run();
Promise.resolve(p).then(function(changed){flushing=false;render();if(changed)refresh(true);},function(){flushing=false;render();});}
var busy=false,again=false;
function refresh(whole){if(busy){again=true;return;}var ae=document.activeElement;
if(whole&&ae&&/^(INPUT|TEXTAREA|SELECT)$/.test(ae.tagName)&&ae.value&&ae.type!=="hidden")whole=false;
busy=true;fetch(location.href,{headers:{accept:"text/html"},cache:"no-store",credentials:"same-origin"}).then(function(r){return r.ok?r.text():null;}).then(function(html){
if(!html)return;var doc=new DOMParser().parseFromString(html,"text/html");
["live"].concat(whole?["content"]:[]).forEach(function(id){var next=doc.getElementById(id),cur=document.getElementById(id);if(next&&cur)cur.replaceWith(document.importNode(next,true));});
render();}).catch(function(){}).then(function(){busy=false;if(again){again=false;refresh(false);}});}
window.addEventListener("online",function(){render();flush();});
window.addEventListener("offline",render);
window.addEventListener("storage",render);
setInterval(flush,15000);
var live=document.getElementById("live");
if(live&&window.EventSource){var ev=live.getAttribute("data-event"),seen=null;
var feed=new EventSource("/v1/events/"+encodeURIComponent(ev)+"/changes?maxSeconds=600");
feed.addEventListener("results",function(e){if(seen!==null&&e.lastEventId!==seen)refresh(false);seen=e.lastEventId;});
feed.addEventListener("end",function(){feed.close();location.reload();});
setInterval(function(){if(navigator.onLine)refresh(false);},20000);}
if(/[?&]done=/.test(location.search)){var u=new URL(location.href);u.searchParams.delete("done");history.replaceState(null,"",u.pathname+u.search+u.hash);}
render();flush();
})();`;

const version = createHash("sha256").update(CONSOLE_SCRIPT).digest("hex").slice(0, 12);
export const CONSOLE_SCRIPT_PATH = `/console/console.${version}.js`;
