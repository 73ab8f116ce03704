// Live updates for the board page. The server sends, on its event stream, the boards' order, each board whole
// when a viewer comes, then only the parts of a board that changed; this script swaps them in. When the stream
// ends (the controller stopped, the page's server restarted, too many viewers), it tries again by itself, less
// and less often up to every 15 seconds, and follows the game as soon as a controller serves it again.
// Without this script the page still shows everything and reloads itself every few seconds.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var body = document.body;
  var screen = body.className.indexOf("screen-wall") >= 0 ? "wall" :
    body.className.indexOf("screen-board") >= 0 ? "board" : "all";
  var source = null;
  var lastHeard = Date.now();
  var backoff = 1000;
  var retryAt = 0;
  var retryTimer = null;
  var aliveTimer = null;
  var stoppedWhy = "";
  var skew = 0;  // the server's clock minus ours, in seconds
  var boards = [];

  function statusBar() { return document.getElementById("status"); }

  function parse(html, svg) {
    var box = document.createElement("div");
    box.innerHTML = svg ? "<svg xmlns=\"" + SVG + "\">" + html + "</svg>" : html;
    return svg ? box.firstElementChild && box.firstElementChild.firstElementChild : box.firstElementChild;
  }

  function place(id, html) {
    var fresh = parse(html, false);
    if (!fresh) { return; }
    var old = document.getElementById(id);
    if (old) {
      old.replaceWith(fresh);
    } else if (id !== "night") {  // (a screen without the night's panel has no place for it)
      document.getElementById("boards").appendChild(fresh);
    }
    arrange();  // the wall's grid, the rotating wall's board on show
  }

  function order(slots) {
    var main = document.getElementById("boards");
    Array.prototype.slice.call(main.children).forEach(function (el) {
      if (slots.indexOf(el.id) < 0) { el.remove(); }
    });
    slots.forEach(function (id) {
      var el = document.getElementById(id);
      if (el && el.parentNode === main) { main.appendChild(el); }
    });
  }

  function links(names) {
    var nav = document.getElementById("nav");
    if (!nav) { return; }
    nav.textContent = "";
    function link(href, text) {
      var a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      nav.appendChild(a);
    }
    names.forEach(function (name) {
      link(screen === "all" ? "#board-" + name : "/board/" + encodeURIComponent(name), name);
    });
    if (screen !== "all") { link("/", "every board"); }
    if (screen !== "wall") { link("/wall", "the wall"); }
  }

  function grid(n) {  // as html.wall_grid: the grid whose cells are largest on a 16:9 screen
    var best = [1, 1], size = 0;
    for (var cols = 1; cols <= Math.min(Math.max(n, 1), 6); cols++) {
      var rows = Math.ceil(Math.max(n, 1) / cols);
      if (rows > 6) { continue; }
      var cell = Math.min(16 / cols / 1.75, 9 / rows);
      if (cell > size) { best = [cols, rows]; size = cell; }
    }
    return best;
  }

  function arrange() {  // as html.body_class: the grid, and where the night's panel goes on it
    var sections = document.querySelectorAll("#boards > .board");
    if (screen !== "wall" || body.dataset.rotate) { return rotate(0); }
    var fit = grid(sections.length);
    var night = document.getElementById("night");
    var spare = fit[0] * fit[1] - sections.length;
    var room = night && night.children.length ? (spare ? " spare-" + spare : " beside") : "";
    body.className = body.className.replace(/ ?((cols|rows|spare)-\d+|beside)/g, "") + " cols-" + fit[0] +
      " rows-" + fit[1] + room;
  }

  function rotate(step) {
    var sections = Array.prototype.slice.call(document.querySelectorAll("#boards > .board"));
    if (!body.dataset.rotate || !sections.length) { return; }
    var at = (Number(body.dataset.at || 0) + step) % sections.length;
    body.dataset.at = String(at);
    sections.forEach(function (el, i) { el.classList.toggle("shown", i === at); });
  }

  function delta(data) {
    var el = document.getElementById(data.slot);
    if (!el || el.dataset.version !== String(data.base)) { return resync(); }
    Object.keys(data.parts).forEach(function (name) {
      var old = el.querySelector("[data-part=\"" + name + "\"]");
      if (!old) { return; }
      var fresh = parse(data.parts[name], old.namespaceURI === SVG);
      if (fresh) { old.replaceWith(fresh); }
    });
    Object.keys(data.tails || {}).forEach(function (name) {  // a list moving on: items dropped and added at its ends
      var list = el.querySelector("[data-part=\"" + name + "\"] ol");
      var tail = data.tails[name];
      if (!list) { return resync(); }
      for (var i = 0; i < tail.drop && list.firstElementChild; i++) { list.firstElementChild.remove(); }
      for (var j = 0; j < (tail.cut || 0) && list.lastElementChild; j++) { list.lastElementChild.remove(); }
      var box = document.createElement("ol");
      box.innerHTML = tail.add;
      while (box.firstChild) { list.appendChild(box.firstChild); }
      box.innerHTML = tail.front || "";
      while (box.lastChild) { list.insertBefore(box.lastChild, list.firstChild); }
    });
    el.dataset.version = String(data.version);
    if (data.actions !== undefined) { el.dataset.actions = String(data.actions); }
  }

  function heard(e) { lastHeard = Date.now(); return JSON.parse(e.data); }

  function connect() {
    retryTimer = null;
    lastHeard = Date.now();
    source = new EventSource(body.dataset.events || "/events");
    source.addEventListener("hello", function (e) {
      var data = heard(e);
      backoff = 1000;
      clearInterval(aliveTimer);
      aliveTimer = setInterval(function () {  // say that this page reads its stream: it keeps its place
        fetch("/alive?stream=" + encodeURIComponent(data.stream), {cache: "no-store"}).catch(function () {});
      }, data.alive * 1000);
    });
    source.addEventListener("order", function (e) {
      var data = heard(e);
      boards = data.boards;
      order(data.slots);
      links(boards);
      arrange();
    });
    source.addEventListener("full", function (e) {
      var data = heard(e);
      place(data.slot, data.html);
      tick();
    });
    source.addEventListener("delta", function (e) {
      delta(heard(e));
      tick();
    });
    source.addEventListener("status", function (e) {
      var data = heard(e);
      skew = data.now - Date.now() / 1000;
      var fresh = parse(data.html, false);
      if (fresh) { statusBar().replaceWith(fresh); }
      stoppedWhy = data.state === "stopped" ? fresh.textContent : "";
    });
    source.onerror = function () { retry(); };
  }

  function resync() { retry(true); }

  function retry(now) {  // the stream has ended or cannot be trusted: a new one, sooner or later
    if (source) { source.close(); source = null; }
    clearInterval(aliveTimer);
    if (retryTimer) { return; }
    var wait = now ? 0 : backoff * (0.8 + 0.4 * Math.random());
    if (!now) { backoff = Math.min(backoff * 2, 15000); }
    retryAt = Date.now() + wait;
    retryTimer = setTimeout(connect, wait);
    lost();
  }

  function lost() {
    if (!retryTimer) { return; }
    var bar = statusBar();
    var secs = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
    var again = secs ? "trying again in " + secs + " s" : "trying again now";
    bar.className = "status lost";
    bar.textContent = stoppedWhy ? stoppedWhy + " (" + again + ")" :
      "lost contact with the page's server (the controller may have stopped, or the page has too many viewers " +
      "right now): this page follows the game again as soon as it can; " + again;
  }

  function clock(seconds) {
    if (seconds <= 0) { return "time is up"; }
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }
  function tick() {
    var now = Date.now() / 1000 + skew;
    document.querySelectorAll(".time-left").forEach(function (el) {
      el.textContent = clock(Math.floor(Number(el.dataset.ends) - now));
    });
    document.querySelectorAll(".auction-left").forEach(function (el) {
      var left = Number(el.dataset.closes) - now;
      el.textContent = left > 0 ? "closes in " + Math.ceil(left) + " s" : "closing";
    });
    if (source && Date.now() - lastHeard > 6500) { retry(); }  // a status comes every 2 s: this stream is dead
    lost();
  }

  arrange();
  connect();
  setInterval(tick, 500);
  if (body.dataset.rotate) { setInterval(function () { rotate(1); }, Number(body.dataset.rotate) * 1000); }
}());
