/**
 * The venue screen's only script (inline, no framework): it alternates the seating and ranking
 * views and, on every `results` message of the event's change feed (GET /v1/events/{id}/changes),
 * fetches this same page again and swaps its live part in place: no reload, no flicker.
 * EventSource reconnects by itself (with Last-Event-ID) when the server ends the stream.
 */
export const SCREEN_SCRIPT = `(function(){
var root=document.getElementById("screen");if(!root)return;
var views=(root.getAttribute("data-views")||"").split(",").filter(Boolean);
var pinned=root.getAttribute("data-pinned");var rotate=Number(root.getAttribute("data-rotate"))||20;
var at=0;function show(){if(views.length)root.setAttribute("data-show",pinned||views[at%views.length]);}
show();if(!pinned&&views.length>1)setInterval(function(){at++;show();},rotate*1000);
var busy=false,again=false;
function refresh(){if(busy){again=true;return;}busy=true;
fetch(location.href,{headers:{accept:"text/html"},cache:"no-cache"}).then(function(r){return r.ok?r.text():null;}).then(function(html){
if(html){var next=new DOMParser().parseFromString(html,"text/html").getElementById("live");var cur=document.getElementById("live");
if(next&&cur){cur.replaceWith(document.importNode(next,true));var nv=next.getAttribute("data-views");if(nv){views=nv.split(",").filter(Boolean);show();}}}
}).catch(function(){}).then(function(){busy=false;if(again){again=false;refresh();}});}
if(window.EventSource){var feed=new EventSource("/v1/events/"+encodeURIComponent(root.getAttribute("data-event"))+"/changes?maxSeconds=600");
feed.addEventListener("results",function(e){if(e.lastEventId!==root.getAttribute("data-version")){root.setAttribute("data-version",e.lastEventId);refresh();}});}
})();`;
