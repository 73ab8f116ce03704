// Live updates for the board page: the server sends whole, escaped sections on /events.
// Without this script the page still shows everything and reloads itself every few seconds.
(function () {
  "use strict";
  var lastHeard = Date.now();
  var stopped = false;
  var source = new EventSource("events");

  function swap(id, html) {
    var old = document.getElementById(id);
    var box = document.createElement("div");
    box.innerHTML = html;
    var fresh = box.firstElementChild;
    if (!fresh) { return; }
    if (old) { old.replaceWith(fresh); } else { document.getElementById("boards").appendChild(fresh); }
  }

  source.addEventListener("board", function (e) {
    var data = JSON.parse(e.data);
    lastHeard = Date.now();
    swap("board-" + data.board, data.html);
    tick();
  });
  source.addEventListener("status", function (e) {
    var data = JSON.parse(e.data);
    lastHeard = Date.now();
    swap("status", data.html);
    if (data.state === "stopped") { stopped = true; source.close(); }
  });

  function lost() {
    if (stopped) { return; }
    var bar = document.getElementById("status");
    bar.className = "status lost";
    bar.textContent = "lost contact with the controller: it may have stopped, or the page has too many " +
      "viewers right now; this page no longer changes (reload it to try again)";
  }
  source.onerror = function () { if (source.readyState === EventSource.CLOSED) { lost(); } };

  function clock(seconds) {
    if (seconds <= 0) { return "time is up"; }
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }
  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll(".time-left").forEach(function (el) {
      el.textContent = clock(Math.floor(Number(el.dataset.ends) - now));
    });
    if (Date.now() - lastHeard > 6000) { lost(); }
  }
  setInterval(tick, 1000);
}());
