// A game's page: step through the moves (links, arrow keys, Home/End) and follow the game live (Server-Sent Events).
// Without this script the page still works: every move is a link to the page at that position.
"use strict";
(function () {
  const dataElement = document.getElementById("game-data");
  if (!dataElement) return;
  const game = JSON.parse(dataElement.textContent);
  const lang = new URLSearchParams(location.search).get("lang");
  const query = lang ? "?lang=" + encodeURIComponent(lang) : "";
  const boards = new Map();  // ply → {svg, diagram}, for the current version of the game
  let side = "white";  // whose side is at the bottom of the board: the viewer's, once they are known as Black
  let shown = game.ply;
  let last = game.last;
  let version = game.version;
  let deadline = game.deadline;
  let moves = game.moves;
  let cells = game.cells;  // the board shown, square by square in words
  let beside = game.beside || "";  // and what its squares do not show (the score, the stones in hand)

  function figure() { return document.getElementById("board"); }

  function lastMove() {  // the latest move of the game, with who made it and what it brought about (a pass)
    const latest = moves[moves.length - 1];
    if (!latest) return fill(game.play, "no_last");
    const said = fill(game.play, "last_move", {move: (game.names[latest[1]] || "") + " " + latest[2]});
    return latest[6] ? said + " " + latest[6] : said;
  }

  function drawBoard(ply, board) {
    showBoard(board.svg, board.diagram);
    cells = board.cells;
    beside = board.beside || "";
    shown = ply;
    markCurrent();
    window.dispatchEvent(new Event("board-drawn"));
  }

  function markCurrent() {  // the move shown is the list's one stop of the Tab key (the last one before any move is)
    const links = Array.from(document.querySelectorAll("#move-list a[data-ply]"));
    const list = document.getElementById("move-list");
    const inside = list && list.contains(document.activeElement);
    const stop = links.find(function (link) { return Number(link.dataset.ply) === shown; })
      || (shown === 0 ? links[0] : links[links.length - 1]);  // the start: the first move is the way in
    for (const link of links) {
      link.tabIndex = link === stop ? 0 : -1;
      if (Number(link.dataset.ply) === shown) {
        link.setAttribute("aria-current", "step");
        link.scrollIntoView({block: "nearest"});
      } else {
        link.removeAttribute("aria-current");
      }
    }
    if (inside && stop) stop.focus();
    const targets = {first: 0, previous: Math.max(0, shown - 1), next: Math.min(last, shown + 1), last: last};
    for (const link of document.querySelectorAll("#steps a[data-step]")) {
      link.href = "?ply=" + targets[link.dataset.step] + (lang ? "&lang=" + encodeURIComponent(lang) : "");
    }
    const url = new URL(location.href);
    if (shown === last) url.searchParams.delete("ply"); else url.searchParams.set("ply", String(shown));
    history.replaceState(null, "", url);
    const explore = document.getElementById("explore-link");
    if (explore) explore.href = "/g/" + game.token + "/explore?from=" + shown + (lang ? "&lang=" + encodeURIComponent(lang) : "");
  }

  let wanted = shown;  // the position asked for last (its board may still be on its way): where the next step starts
  async function show(ply) {
    ply = Math.max(0, Math.min(last, ply));
    wanted = ply;
    const key = version + ":" + ply;
    const from = side;
    let board = boards.get(key);
    if (!board) {
      const asked = new URLSearchParams(query.slice(1));
      if (from === "black") asked.set("side", "black");
      const response = await fetch("/g/" + game.token + "/ply/" + ply + (asked.toString() ? "?" + asked : ""));
      if (!response.ok) return;
      board = await response.json();
      if (from !== side) return;  // asked for before the viewer was known as Black: the board from their side follows
      boards.set(key, board);
    }
    // a later step's board wins over an earlier one arriving late
    if (ply === wanted) { document.body.dataset.side = side; drawBoard(ply, board); }
  }

  function step(name) {
    const targets = {first: 0, previous: wanted - 1, next: wanted + 1, last: last};
    show(targets[name]);
  }

  document.addEventListener("click", function (event) {
    const link = event.target.closest("a[data-ply], a[data-step], circle[data-ply]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (link.dataset.step) step(link.dataset.step);
    else if (link.dataset.said) reviewPoint(link);
    else show(Number(link.dataset.ply));
  });

  function reviewPoint(point) {  // a point of the review's graph: its move and verdict said, the board stepped there
    const said = document.getElementById("graph-said");
    if (said) said.textContent = point.dataset.said;
    show(Number(point.dataset.ply));
  }
  document.addEventListener("focusin", function (event) {
    const point = event.target.closest && event.target.closest("#review circle[data-said]");
    if (point) reviewPoint(point);
  });
  document.addEventListener("keydown", function (event) {  // the graph's points: the arrows go from one to the next
    const point = event.target.closest && event.target.closest("#review circle[data-said]");
    if (!point || event.altKey || event.ctrlKey || event.metaKey) return;
    const points = Array.from(document.querySelectorAll("#review circle[data-said]"));
    const here = points.indexOf(point);
    const to = {ArrowRight: here + 1, ArrowDown: here + 1, ArrowLeft: here - 1, ArrowUp: here - 1, Home: 0,
                End: points.length - 1}[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = points[Math.max(0, Math.min(points.length - 1, to))];
    point.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const rtl = document.documentElement.dir === "rtl";
    const keys = {ArrowLeft: rtl ? "next" : "previous", ArrowRight: rtl ? "previous" : "next", Home: "first", End: "last"};
    const inList = event.target.closest && event.target.closest("#move-list");
    const name = keys[event.key] || (inList && {ArrowUp: "previous", ArrowDown: "next"}[event.key]);
    if (!name || (event.target.closest && event.target.closest("input, textarea, select, [role=grid], #review"))) return;
    event.preventDefault();
    step(name);
  });

  function moveList(moves) {
    const list = document.getElementById("move-list");
    const items = [];
    let round = null;
    for (const [ply, side, text, moveRound, verdict, better, note] of moves) {
      if (moveRound !== null && moveRound !== round) {
        round = moveRound;
        const heading = document.createElement("li");
        heading.className = "round";
        heading.textContent = game.words.round.replace("{number}", String(round));
        items.push(heading);
      }
      const item = document.createElement("li");
      item.className = side || "";
      item.value = ply;
      const link = document.createElement("a");
      link.href = "?ply=" + ply;
      link.dataset.ply = String(ply);
      link.tabIndex = -1;  // markCurrent makes the move shown the list's stop
      link.setAttribute("aria-label", fill({label: game.move_label}, "label",  // its number and who made it, read out
                                           {number: ply, player: game.names[side] || "", move: text}));
      link.textContent = text;
      item.appendChild(link);
      const mark = {inaccuracy: "?!", mistake: "?", blunder: "??"}[verdict];
      if (mark) {
        const judged = document.createElement("span");
        judged.className = "verdict " + verdict;
        judged.textContent = mark;
        item.append(" ", judged);
      }
      if (note) {  // what the move brought about: a pass it caused (the other side seems to move twice without it)
        const said = document.createElement("span");
        said.className = "note";
        said.textContent = note;
        item.append(" ", said);
      }
      items.push(item);
    }
    list.replaceChildren(...items);
    const empty = document.querySelector("#moves .empty");
    if (empty && moves.length) empty.remove();
  }

  function tick() {
    const clock = document.getElementById("clock");
    if (!clock) return;
    if (!deadline) { clock.textContent = ""; return; }
    let left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    const days = Math.floor(left / 86400); left -= days * 86400;
    const pad = function (n) { return String(n).padStart(2, "0"); };
    const time = pad(Math.floor(left / 3600)) + ":" + pad(Math.floor(left / 60) % 60) + ":" + pad(left % 60);
    clock.textContent = "⏱ " + (days ? days + " d " : "") + time;
  }

  // The live updates: one event stream, made again after any failure (a 502 while the bot restarts, a 429), with a
  // growing pause; each new stream says what the page saw last, and the server sends what it missed.
  let seen = game.last + "." + game.version + (game.chances.length ? ".r" : "");
  let pause = 1000;
  function live() {
    const source = new EventSource("/g/" + game.token + "/events?since=" + seen + (lang ? "&lang=" + encodeURIComponent(lang) : ""));
    source.addEventListener("open", function () {
      pause = 1000;
      if (document.body.dataset.live === "") loadTurn();  // back after a failure: what may the player do now?
      document.body.dataset.live = "1";
    });
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED) return;  // the browser itself tries again
      document.body.dataset.live = "";
      setTimeout(live, pause);
      pause = Math.min(30000, pause * 2);
    });
    source.addEventListener("position", function (message) {
      const update = JSON.parse(message.data);
      seen = message.lastEventId || seen;
      if (update.from > moves.length) { location.reload(); return; }  // missed more than the update repeats
      moves = moves.slice(0, update.from).concat(update.moves);
      const following = shown === last;
      const moved = update.ply > last;
      const before = last;
      version = update.version;
      last = update.ply;
      deadline = update.deadline;
      boards.clear();
      if (side === "white") {
        boards.set(version + ":" + last, {svg: update.svg, diagram: update.diagram, cells: update.cells, beside: update.beside});
      }
      moveList(moves);
      showLines("status", update.lines);
      document.body.dataset.ply = String(update.ply);
      document.body.dataset.version = String(update.version);
      if (following || shown > last) show(last); else markCurrent();  // Black's own board is asked for
      tick();
      const back = update.ply < before;  // a take-back: said, with whose turn it is now
      const said = moved || back || update.status !== "active"
        ? (moved ? lastMove() + " " : back ? fill(game.play, "taken_back") + " " : "") + update.lines.join(" ") : "";
      loadTurn().then(function () {  // and what the turn asks beyond a tap, in the same words
        announce([said, tapper.hint()].filter(Boolean).join(" "));
      });
      if (update.status !== "active") { const note = document.querySelector("p.live"); if (note) note.remove(); }
      if (update.reviewed && !document.getElementById("review")) showReview();
    });
  }

  async function showReview() {  // a review made while the page is open: its graph and the moves' verdicts
    const response = await fetch(location.pathname + query, {cache: "no-store"});
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const review = page.getElementById("review");
    const list = page.getElementById("move-list");
    if (!review || document.getElementById("review")) return;
    document.getElementById("moves").after(document.importNode(review, true));
    const answers = document.getElementById("answers");  // "Reviewing game #…, about N s" is over: the review is here
    if (answers) answers.replaceChildren();
    if (list) document.getElementById("move-list").replaceWith(document.importNode(list, true));
    game.chances = [1];
    markCurrent();
  }

  // Playing on this page: the shared tapper (below) asks the server what the viewer may do at the latest position.
  const tapper = makeTapper({
    base: "/g/" + game.token, query: query, words: game.play || {}, figure: figure,
    // the latest position is shown, and it is the one the turn is for (a turn read before the page heard of the
    // opponent's answer is played only once that answer is on the board)
    current: function (data) { return shown === last && data.ply === last; },
    moveBody: function (data, index) { return {ply: data.ply, index: index}; },
    cells: function () { return cells; },
    beside: function () { return beside; },
    lastMove: lastMove,
    clock: function () {
      const clock = document.getElementById("clock");
      return deadline && clock ? fill(game.play, "clock", {left: clock.textContent.replace("⏱ ", "")}) : fill(game.play, "no_clock");
    },
    status: function () {
      return [document.getElementById("status").textContent, document.getElementById("play-status").textContent].join(" ");
    },
    loaded: function (data) {  // Black plays with their own side at the bottom of the board
      if (data.side === "black" && side !== "black") { side = "black"; boards.clear(); show(shown); }
      const explore = document.getElementById("explore-link");  // while it goes on, only its players explore
      if (explore) explore.hidden = data.role !== "player" && Boolean(document.querySelector("p.live"));
    },
  });
  const loadTurn = tapper.load;
  window.addEventListener("board-drawn", tapper.draw);
  const typed = document.getElementById("type-move");
  if (typed) {  // a move typed in the game's notation, answered as in the chat
    typed.addEventListener("submit", function (event) {
      event.preventDefault();
      const field = document.getElementById("move-text");
      const text = field.value.trim();
      if (!text || document.body.dataset.busy === "1") return;
      field.value = "";
      announce(fill(game.play, "sent", {move: text}));
      tapper.send({text: text});
    });
  }

  setInterval(tick, 1000);
  tick();
  markCurrent();
  live();
  signIn(game.play || {}).then(function () { return loadTurn(); }).then(function () { announce(tapper.hint()); });
})();

// The Mini App's first page: sign the Telegram user in, then open the game it was started for, or list their games.
(function () {
  const dataElement = document.getElementById("app-data");
  if (!dataElement) return;
  const words = JSON.parse(dataElement.textContent).play;
  const launch = new URLSearchParams(location.hash.slice(1));
  const status = document.getElementById("play-status");
  async function open() {
    let session = sessionStorage.getItem("session");
    const initData = launch.get("tgWebAppData");
    let start = launch.get("tgWebAppStartParam");
    if (initData) {
      telegram("web_app_ready");
      const response = await fetch("/auth/telegram", {method: "POST", headers: {"Content-Type": "application/json"},
                                                       body: JSON.stringify({init_data: initData})});
      const body = await response.json();
      if (!response.ok) { status.textContent = body.error; return; }
      session = body.session;
      sessionStorage.setItem("session", session);
      if (inLanguage(body.language)) return;
      start = start || body.start;
    }
    const opened = /^puzzle-([A-Za-z0-9_-]{10,64})$/.exec(start || "");
    if (opened) { location.replace("/c/" + opened[1] + "/puzzle" + location.search); return; }
    const lesson = /^learn-([a-z]{1,20})$/.exec(start || "");
    if (lesson) { location.replace("/learn/" + lesson[1] + location.search + location.hash); return; }
    if (start && /^[A-Za-z0-9_-]{10,64}$/.test(start)) { location.replace("/g/" + start + location.search); return; }
    const response = await fetch("/me/games" + location.search, {headers: session ? {"X-Session": session} : {}});
    const body = await response.json();
    if (!response.ok) { status.textContent = body.error; return; }
    status.textContent = body.games.length ? "" : words.no_games;
    const next = body.games.find(function (found) { return found.your_turn; });
    if (next) {  // the game where it is their move whose clock runs out first
      const link = document.createElement("a");
      link.className = "button primary";
      link.id = "next-game";
      link.href = "/g/" + next.token + location.search;
      link.textContent = words.next_game;
      document.getElementById("next").replaceChildren(link);
    }
    document.getElementById("game-list").replaceChildren(...body.games.map(function (found) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "/g/" + found.token + location.search;
      link.textContent = "#" + found.id + " " + found.game + " – " + found.opponent + " (" + (found.your_turn ? words.your_move : words.their_move) + ")";
      item.appendChild(link);
      return item;
    }));
  }
  open().catch(function () { status.textContent = words.failed; });
})();

// ---- Tapping a move, on a game's page and on a puzzle's: the server says, for the position shown, every legal move
// and what is tapped to make it; the page only narrows them down as the player taps, and sends the move's number.
function fill(words, key, values) {
  let text = words[key] || key;
  for (const name in values || {}) text = text.replace("{" + name + "}", values[name]);
  return text;
}

function showLines(id, lines) {  // lines said on a page, each a paragraph of the element ``id``
  document.getElementById(id).replaceChildren(...lines.map(function (line) {
    const paragraph = document.createElement("p");
    paragraph.textContent = line;
    return paragraph;
  }));
}

function showBoard(svg, diagram) {  // a new picture of the board (and its text diagram) in the page's figure
  const holder = document.getElementById("board");
  const fresh = document.importNode(new DOMParser().parseFromString(svg, "image/svg+xml").documentElement, true);
  const old = holder.querySelector("svg");
  if (old) holder.replaceChild(fresh, old); else holder.prepend(fresh);
  document.getElementById("diagram").textContent = diagram;
  return fresh;
}

function inLanguage(language) {  // the language Telegram says its user reads, unless the address asks for one
  const url = new URL(location.href);
  if (!language || url.searchParams.get("lang") || document.documentElement.lang === language) return false;
  url.searchParams.set("lang", language);
  location.replace(url.href);  // the launch data stays in the fragment
  return true;
}

function telegram(method, data) {  // a Mini App method, as Telegram's apps receive them (no script from elsewhere)
  const payload = JSON.stringify(data || {});
  if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(method, payload);  // the phone and desktop apps
  else if (window.parent !== window) {  // the web client runs the Mini App in a frame
    window.parent.postMessage(JSON.stringify({eventType: method, eventData: data || {}}), "https://web.telegram.org");
  }
}

async function signIn(words) {  // opened as a Telegram Mini App: Telegram's signed launch data says who this is
  const initData = new URLSearchParams(location.hash.slice(1)).get("tgWebAppData");
  if (!initData) return null;
  telegram("web_app_ready");  // the page is up: Telegram takes its placeholder away
  telegram("web_app_expand");  // the whole height for the board
  try {
    const response = await fetch("/auth/telegram", {method: "POST", headers: {"Content-Type": "application/json"},
                                                     body: JSON.stringify({init_data: initData})});
    const body = await response.json();
    if (response.ok) {
      sessionStorage.setItem("session", body.session);
      if (inLanguage(body.language)) return new Promise(function () {});  // the page opens again in it: stop here
      return body;
    }
    showAnswers([{text: body.error, choices: [], refusal: true}], null);
  } catch (error) { showAnswers([{text: fill(words, "failed"), choices: [], refusal: true}], null); }
  return null;
}

function button(label, action, className) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  if (className) element.className = className;
  element.addEventListener("click", action);
  return element;
}

function showAnswers(shown, send) {  // what the page's player is told: refusals, questions with their buttons
  const holder = document.getElementById("answers");
  if (!holder) return;
  holder.replaceChildren(...shown.map(function (message) {
    const box = document.createElement("div");
    box.className = "answer" + (message.refusal ? " refusal" : "");
    const text = document.createElement("p");
    text.textContent = message.text;
    box.appendChild(text);
    for (const row of message.choices || []) {
      for (const [label, payload] of row) {
        if (send) box.appendChild(button(label, function () { send({payload: payload}); }));
      }
    }
    return box;
  }));
}

function makeTapper(options) {
  const SVG = "http://www.w3.org/2000/svg";
  const say = function (key, values) { return fill(options.words, key, values); };
  const query = function () { return typeof options.query === "function" ? options.query() : options.query; };
  const turn = {data: null, taps: [], marks: [], busy: false, offer: "", offerPly: -1, hinted: -1, lastHint: "",
                toSay: ""};
  const grid = makeBoardGrid({
    words: options.words, figure: options.figure,
    cells: function () { return options.cells ? options.cells() : []; },
    beside: function () { return options.beside ? options.beside() : ""; },
    status: function () { return options.status ? options.status() : document.getElementById("play-status").textContent; },
    lastMove: function () { return options.lastMove ? options.lastMove() : say("no_last"); },
    clock: function () { return options.clock ? options.clock() : say("no_clock"); },
    movesFrom: function (square) {
      const found = ((turn.data && turn.data.moves) || []).filter(function (m) { return m[1][0] === square; });
      return found.length ? say("moves_from", {square: square, moves: found.map(function (m) { return m[2]; }).join(", ")})
        : say("no_moves_from", {square: square});
    },
    activate: function (square) {
      const kind = grid.kind(square);
      if (kind === "chosen") { undo(); announce(say("chosen_back", {square: square})); return; }
      if (!kind) { announce(say("no_moves_from", {square: square})); return; }
      if (kind === "movable" && turn.taps.length) restart(square); else tap(square);
      if (turn.busy) return;  // the move was sent: its answer and the new position are read out
      const targets = Array.from(document.querySelectorAll('#board-grid [data-kind="target"]'))
        .map(function (cell) { return cell.dataset.square; });
      const words = Array.from(document.querySelectorAll("#taps button.choice")).map(function (b) { return b.textContent; });
      announce(say("chose", {square: square, targets: targets.concat(words).join(", ")}));
    },
    undo: function () {  // Escape: the last tap taken back, and said so
      if (!turn.marks.length) return;
      const square = turn.taps[turn.marks[turn.marks.length - 1]];
      undo();
      announce(say("chosen_back", {square: square}));
    },
  });

  function headers() {
    const sent = {"Content-Type": "application/json"};
    const session = sessionStorage.getItem("session");
    if (session) sent["X-Session"] = session;
    if (turn.data && turn.data.csrf) sent["X-CSRF"] = turn.data.csrf;
    return sent;
  }

  function offerSignOut() {  // a signed-in viewer may end their session here (and all of them with 'settings sessions end')
    const leave = document.getElementById("sign-out");
    if (!leave || !turn.data || !turn.data.csrf || !leave.hidden) return;
    if (location.hash.includes("tgWebAppData")) return;  // in Telegram's Mini App, Telegram says who this is at every opening
    leave.hidden = false;
    leave.addEventListener("click", async function () {
      leave.disabled = true;
      try {
        const response = await fetch("/me/signout", {method: "POST", headers: headers(), body: "{}"});
        if (!response.ok && response.status !== 401) throw new Error(String(response.status));
        sessionStorage.removeItem("session");
        location.reload();
      } catch (error) { leave.disabled = false; }
    });
  }

  async function load(attempt) {
    let fresh = null;
    try {
      const response = await fetch(options.base + "/turn" + query(), {headers: headers(), cache: "no-store"});
      if (!response.ok) throw new Error(String(response.status));
      fresh = await response.json();
    } catch (error) {  // the network or a limit: try again a little later, the position shown stays
      setTimeout(function () { load((attempt || 0) + 1); }, Math.min(5000, 1000 * 2 ** (attempt || 0)));
      return;
    }
    const same = !turn.busy && turn.data && JSON.stringify([turn.data.moves, turn.data.ply, turn.data.step])
      === JSON.stringify([fresh.moves, fresh.ply, fresh.step]);
    turn.data = fresh;
    offerSignOut();
    if (!same) { turn.taps = []; turn.marks = []; }  // a half-made move stays while its position does
    turn.busy = false;
    if (options.loaded) options.loaded(turn.data);
    expand();
    draw();
  }

  function candidates() {
    const moves = (turn.data && turn.data.moves) || [];
    return moves.filter(function (move) { return turn.taps.every(function (tap, i) { return move[1][i] === tap; }); });
  }

  function expand() {  // what every remaining move taps next is chosen for the player (a forced tower, a chain's
    // forced jump), but never the tap that would end a move: a move is sent only on the player's own tap
    for (;;) {
      const left = candidates();
      if (!left.length || left.some(function (move) { return move[1].length <= turn.taps.length + 1; })) return;
      const next = left[0][1][turn.taps.length];
      if (!left.every(function (move) { return move[1][turn.taps.length] === next; })) return;
      turn.taps.push(next);
    }
  }

  function tap(value) {
    if (turn.busy) return;
    turn.marks.push(turn.taps.length);
    turn.taps.push(value);
    const left = candidates();
    const whole = left.filter(function (move) { return move[1].length === turn.taps.length; });
    if (left.length === 1 && whole.length === 1) { send(options.moveBody(turn.data, whole[0][0])); return; }
    expand();
    draw();
  }

  function restart(value) {  // another piece: begin the move again from it
    turn.taps = []; turn.marks = [];
    tap(value);
  }

  function undo() {
    if (!turn.marks.length) return;
    turn.taps.length = turn.marks.pop();
    draw();
  }

  async function send(body) {
    if (options.local) { options.local(body); return; }  // the exploration board: nothing is sent
    loupe.close(true);
    const before = document.activeElement;  // the control used, to find where the focus goes next
    turn.busy = true;
    document.getElementById("play-status").textContent = say("sending");
    draw();
    let answer = null;
    try {
      const response = await fetch(options.base + "/play" + query(), {method: "POST", headers: headers(),
                                                                            body: JSON.stringify(body)});
      answer = (response.headers.get("Content-Type") || "").startsWith("application/json") ? await response.json()
        : {error: say("failed")};
      if (!response.ok && answer.error) answer.shown = [{text: answer.error, choices: [], refusal: true}];
    } catch (error) {
      answer = {shown: [{text: say("failed"), choices: [], refusal: true}]};
    }
    showAnswers(answer.shown || [], send);
    if (answer.shown && answer.shown.length) announce(answer.shown.map(function (m) { return m.text; }).join(" "));
    if (options.answered) await options.answered(answer);
    await load();  // "sending" until the position after it is known (tried again within 5 s while the bot is away)
    focusAfter(before);
  }

  function focusAfter(before) {  // after a button (Play it, Accept, Ask to take back…): the question that appeared,
    // else, where the button went away, the board; a tap on the board leaves the focus where it was
    if (!before || before === document.body) return;
    const asked = document.querySelector("#answers button");
    if (asked) { asked.focus(); return; }
    if (document.contains(before)) return;
    const cell = document.querySelector('#board-grid [tabindex="0"]');
    if (cell) cell.focus({preventScroll: true});
  }

  function draw() {
    const holder = options.figure();
    const svg = holder && holder.querySelector("svg");
    const status = document.getElementById("play-status");
    const tapsBox = document.getElementById("taps");
    const actions = document.getElementById("actions");
    if (!status || !tapsBox || !actions) return;
    const old = svg && svg.querySelector("#tap-layer");
    if (old) old.remove();
    loupe.close(false);
    tapsBox.replaceChildren();
    const data = turn.data;
    grid.render({});
    if (!data) return;
    document.body.dataset.role = data.role;
    document.body.dataset.turnPly = String(data.ply !== undefined ? data.ply : data.step);
    document.body.dataset.busy = turn.busy ? "1" : "";
    const typing = document.getElementById("type-move");
    if (typing) typing.hidden = data.role !== "player" || Boolean(data.status && data.status !== "active");
    if (data.role === "guest") {
      status.textContent = say("sign_in_hint");
      actions.replaceChildren();
      document.body.dataset.turn = "none";
      return;
    }
    if (data.role === "spectator") {
      status.textContent = say("watching", {name: data.name});
      actions.replaceChildren();
      document.body.dataset.turn = "none";
      return;
    }
    actions.replaceChildren(...(data.actions || []).map(function ([name, label]) {
      return button(label, function () { send({action: name}); }, "action");
    }));
    const offer = document.getElementById("offer");
    const offered = data.offer ? data.offer[0] : "";
    if (offered !== turn.offer) {  // an offer made, or gone (answered, withdrawn): said once, as it happens
      if (offered) announce(offered); else if (turn.offer && turn.offerPly === data.ply) announce(say("offer_closed"));
      turn.offer = offered;
      turn.offerPly = data.ply;
    }
    if (offer) {  // a take-back or count offer: both players see it, the one who answers it with its buttons
      offer.replaceChildren();
      if (data.offer) {
        const [said, answers] = data.offer;
        const text = document.createElement("p");
        text.textContent = said;
        offer.appendChild(text);
        for (const [label, payload] of answers) offer.appendChild(button(label, function () { send({payload: payload}); }));
      }
    }
    if ((data.status && data.status !== "active") || data.open === false) {  // over: the result is said above it
      status.textContent = data.open === false ? "" : say("game_over");  // a puzzle's own lines say it
      document.body.dataset.turn = "none";
      return;
    }
    const mine = Boolean(data.moves && data.moves.length && options.current(data));
    document.body.dataset.turn = mine ? "mine" : "theirs";
    if (turn.busy) return;
    const now = mine ? "your_turn" : (data.moves && data.moves.length ? "go_latest" : "waiting");  // an earlier move shown
    const chained = turn.marks.length > 0 && turn.taps.length > turn.marks[turn.marks.length - 1] + 1;
    const prechosen = turn.taps.length > 0 && !turn.marks.length;  // the only piece that can move, chosen by the page
    const told = mine && chained ? say("chain") : (mine && prechosen ? say("prechosen")
      : (mine && data.hint ? data.hint : say(now)));
    if (mine && data.hint && turn.hinted !== data.ply) {  // what this turn asks beyond a tap (a compulsory capture, a
      turn.hinted = data.ply;  // choice that is no square, an extra turn): said once, with the move that led to it
      if (data.hint !== turn.lastHint) turn.toSay = data.hint;  // (see hint()), not again while every turn asks it
      turn.lastHint = data.hint;
    }
    status.textContent = data.name ? say("signed_in_as", {name: data.name}) + " " + told : told;
    if (!mine || !svg) return;
    const layer = document.createElementNS(SVG, "g");
    layer.id = "tap-layer";
    layer.setAttribute("class", "tap-layer");
    const left = candidates();
    const depth = turn.taps.length;
    const next = new Set(left.filter(function (m) { return m[1].length > depth; }).map(function (m) { return m[1][depth]; }));
    const firsts = new Set(data.moves.map(function (m) { return m[1][0]; }));
    const squares = data.squares || {};
    const chosen = new Set(turn.taps);
    const marked = {};  // what the keyboard's grid says of each square
    for (const name in squares) {
      const [x, y, width, height] = squares[name];
      const kind = next.has(name) ? "target" : (chosen.has(name) ? "chosen" : (firsts.has(name) && depth ? "other" : null));
      if (!kind) continue;
      marked[name] = kind === "other" || (kind === "target" && !depth) ? "movable" : kind;
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", x); rect.setAttribute("y", y); rect.setAttribute("width", width); rect.setAttribute("height", height);
      rect.setAttribute("class", "tap " + kind);
      rect.dataset.square = name;
      if (kind === "target") {  // in the square's corner: what stands on it stays in sight
        const dot = document.createElementNS(SVG, "circle");
        dot.setAttribute("cx", x + width * 0.2); dot.setAttribute("cy", y + height * 0.2); dot.setAttribute("r", width * 0.11);
        dot.setAttribute("class", "dot");
        layer.appendChild(dot);
      }
      layer.appendChild(rect);
    }
    svg.appendChild(layer);
    grid.render(marked);
    loupe.show(svg, squares, status, told);
    for (const value of next) {
      if (!(value in squares)) tapsBox.appendChild(button((data.labels || {})[value] || value, function () { tap(value); }, "choice"));
    }
    if (left.some(function (m) { return m[1].length === depth; }) && depth) {
      const ending = left.find(function (m) { return m[1].length === depth; });
      tapsBox.appendChild(button(say("finish"), function () { send(options.moveBody(data, ending[0])); }, "choice finish"));
    }
    if (turn.marks.length) tapsBox.appendChild(button(say("undo"), undo, "undo"));
  }

  // On a phone whose screen makes the squares smaller than a finger (Krepost's 12 × 12 at 320 or 360 px), the whole
  // board stays in sight and a tap on it opens an enlarged view of the squares around the tap, under the board, where
  // the move is tapped; a tap elsewhere on the board moves the view. The keyboard's grid is unchanged.
  const loupe = (function () {
    const SMALL = 30;  // CSS pixels: a square smaller than this is enlarged before it is tapped
    const BIG = 48;  // the size of a square in the enlarged view
    let center = null;  // the square the enlarged view is around, while it is open
    let board = null;  // [svg, squares] of the position shown
    function holder() { return document.getElementById("loupe"); }
    function small(svg, squares) {
      const first = Object.values(squares)[0];
      const view = svg.viewBox && svg.viewBox.baseVal;
      if (!first || !view || !view.width) return false;
      return svg.getBoundingClientRect().width * first[2] / view.width < SMALL;
    }
    function close(forget) {
      const shown = holder();
      if (shown) shown.remove();
      const frame = document.querySelector("#board svg .loupe-frame");
      if (frame) frame.remove();
      if (forget) center = null;
    }
    function show(svg, squares, status, told) {
      board = [svg, squares];
      document.body.dataset.loupe = small(svg, squares) ? (center ? "open" : "ready") : "";
      if (!document.body.dataset.loupe) { center = null; return; }
      if (!center || !(center in squares)) {
        if (!turn.busy) status.textContent += " " + say("loupe_hint");
        return;
      }
      const [x, y, width, height] = squares[center];
      const across = Math.max(3, Math.floor(options.figure().getBoundingClientRect().width / BIG));
      const names = Object.keys(squares);
      const xs = names.map(function (n) { return squares[n][0]; }), ys = names.map(function (n) { return squares[n][1]; });
      const left = Math.max(Math.min(...xs), Math.min(Math.max(...xs) + width - across * width, x - Math.floor(across / 2) * width));
      const top = Math.max(Math.min(...ys), Math.min(Math.max(...ys) + height - across * height, y - Math.floor(across / 2) * height));
      const view = [left, top, across * width, across * height];
      const frame = document.createElementNS(SVG, "rect");  // where the enlarged view is, on the whole board
      frame.setAttribute("class", "loupe-frame");
      frame.setAttribute("x", view[0]); frame.setAttribute("y", view[1]);
      frame.setAttribute("width", view[2]); frame.setAttribute("height", view[3]);
      svg.appendChild(frame);
      const copy = svg.cloneNode(true);  // the same board and marks, cut to the squares around the tap
      copy.removeAttribute("id");
      for (const element of copy.querySelectorAll("[id]")) element.removeAttribute("id");
      for (const element of copy.querySelectorAll(".loupe-frame, .focus-ring")) element.remove();
      for (const mark of copy.querySelectorAll(".tap-layer rect")) {  // only the squares in sight can be tapped there
        const name = mark.dataset.square;
        const [x0, y0] = squares[name] || [-1, -1];
        if (x0 < view[0] || y0 < view[1] || x0 >= view[0] + view[2] || y0 >= view[1] + view[3]) mark.remove();
      }
      copy.setAttribute("viewBox", view.join(" "));
      copy.setAttribute("aria-hidden", "true");
      copy.removeAttribute("role");
      const box = document.createElement("div");
      box.id = "loupe";
      const said = document.createElement("p");
      said.id = "loupe-said";
      said.textContent = say("loupe_open", {square: center});
      box.append(said, copy, button(say("loupe_close"), function () { close(true); draw(); }, "loupe-close"));
      options.figure().after(box);
      if (!turn.busy) status.textContent += " " + say("loupe_open", {square: center});
    }
    function squareAt(event) {  // the square of the whole board under a tap (from its position on the picture)
      if (!board) return null;
      const [svg, squares] = board;
      const point = svg.createSVGPoint();
      point.x = event.clientX; point.y = event.clientY;
      const matrix = svg.getScreenCTM();
      if (!matrix) return null;
      const at = point.matrixTransform(matrix.inverse());
      for (const name in squares) {
        const [x, y, width, height] = squares[name];
        if (at.x >= x && at.x < x + width && at.y >= y && at.y < y + height) return name;
      }
      return null;
    }
    document.addEventListener("click", function (event) {  // a tap on the whole board opens (or moves) the view
      if (!document.body.dataset.loupe || turn.busy) return;
      const svg = event.target.closest && event.target.closest("#board svg");
      if (!svg) return;
      const square = squareAt(event);
      if (!square) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      center = square;
      draw();
    }, true);
    return {show: show, close: close, keep: function (square) { if (document.body.dataset.loupe) center = square; }};
  })();

  document.addEventListener("click", function (event) {
    const rect = event.target.closest && event.target.closest(".tap-layer rect");
    if (!rect) return;
    event.preventDefault();
    loupe.keep(rect.dataset.square);  // the view stays where the move goes on
    if (rect.classList.contains("target")) tap(rect.dataset.square);
    else if (rect.classList.contains("other")) restart(rect.dataset.square);
    else if (rect.classList.contains("chosen")) undo();
  });

  function hint() {  // what this turn asks that was not yet said (read out with the move that led to it)
    const said = turn.toSay;
    turn.toSay = "";
    return said;
  }

  return {load: load, draw: draw, send: send, hint: hint};
}

// ---- A chat's puzzle on its page: the board from the attacker's side, answered by tapping; the defence is played
// by the bot as in the chat, and the page shows what the chat is told.
(function () {
  const dataElement = document.getElementById("puzzle-data");
  if (!dataElement) return;
  const puzzle = JSON.parse(dataElement.textContent);
  const lang = new URLSearchParams(location.search).get("lang");
  const query = lang ? "?lang=" + encodeURIComponent(lang) : "";
  const tapper = makeTapper({
    base: "/c/" + puzzle.token + "/puzzle", query: query, words: puzzle.play, figure: function () { return document.getElementById("board"); },
    current: function () { return true; },
    moveBody: function (data, index) { return {step: data.step, index: index}; },
    cells: function () { return puzzle.cells || []; },
    loaded: function (data) {  // the position now (the defence played, or another's answer): its board and task
      document.body.dataset.open = data.open ? "1" : "0";
      if (data.cells) puzzle.cells = data.cells;
      showLines("puzzle-lines", data.lines);
      if (data.svg) showBoard(data.svg, data.diagram);
    },
  });
  signIn(puzzle.play).then(function () { tapper.load(); });
  setInterval(function () { if (document.body.dataset.busy !== "1") tapper.load(); }, 15000);  // another's answer
})();

// ---- A game's first lesson on its page: the same steps and judging as in the chat, by tapping. A guest's progress
// is kept by the page (this tab) and sent with every tap; a signed-in player's is the one their chats share.
(function () {
  const dataElement = document.getElementById("lesson-data");
  if (!dataElement) return;
  const lesson = JSON.parse(dataElement.textContent);
  const lang = new URLSearchParams(location.search).get("lang");
  const storeKey = "lesson-" + lesson.game;
  let current = null;
  function query() {
    const asked = new URLSearchParams();
    if (lang) asked.set("lang", lang);
    const kept = sessionStorage.getItem(storeKey);
    if (kept && !(current && current.csrf)) asked.set("progress", kept);
    return asked.toString() ? "?" + asked : "";
  }
  function mark(svg, data) {  // the step's goal square, outlined
    const square = data.mark && data.squares && data.squares[data.mark];
    if (!svg || !square) return;
    const ring = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    ring.setAttribute("x", square[0] + 2); ring.setAttribute("y", square[1] + 2);
    ring.setAttribute("width", square[2] - 4); ring.setAttribute("height", square[3] - 4);
    ring.setAttribute("class", "goal");
    svg.appendChild(ring);
  }
  let said = null;  // what the last tap was told, kept while its position is shown
  function show(data) {
    current = data;
    const here = data.step + ":" + data.ply;
    if (data.said && data.said.length) said = {here: here, lines: data.lines};
    else if (said && said.here === here) data = Object.assign({}, data, {lines: said.lines});
    if (!data.csrf) sessionStorage.setItem(storeKey, JSON.stringify(data.progress));
    document.body.dataset.step = String(data.step);
    document.body.dataset.open = data.open ? "1" : "0";
    showLines("lesson-lines", data.lines);
    mark(showBoard(data.svg, data.diagram), data);
  }
  const tapper = makeTapper({
    base: "/learn/" + lesson.game, query: query, words: lesson.play, figure: function () { return document.getElementById("board"); },
    current: function () { return true; },
    moveBody: function (data, index) { return {step: data.step, ply: data.ply, index: index, progress: sessionStorage.getItem(storeKey)}; },
    cells: function () { return (current && current.cells) || []; },
    loaded: show,
    answered: function (answer) { if (answer && answer.svg) show(answer); },
  });
  signIn(lesson.play).then(function () { tapper.load(); });  // in Telegram's Mini App: the player's own lesson
})();

// ---- A chat's home: kept current (whose turn, the clocks, new games) without reloading the page under the reader.
(function () {
  if (!document.body.classList.contains("lobby")) return;
  setInterval(async function () {
    const main = document.getElementById("lobby");
    if (document.hidden || main.contains(document.activeElement)) return;  // never pull the page from under a reader
    const response = await fetch(location.href, {cache: "no-store"});
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const header = document.querySelector("header"), newHeader = fresh.querySelector("header");
    if (newHeader && !header.contains(document.activeElement)) header.replaceWith(document.importNode(newHeader, true));
    const newMain = fresh.getElementById("lobby");
    if (newMain) main.replaceWith(document.importNode(newMain, true));
  }, 30000);
})();

// ---- The board to think on: moves for both sides that touch nothing; the line lives in the address (shareable).
(function () {
  const dataElement = document.getElementById("explore-data");
  if (!dataElement) return;
  const explore = JSON.parse(dataElement.textContent);
  const lang = new URLSearchParams(location.search).get("lang");
  const words = explore.play;
  let line = explore.line.slice();
  let current = null;
  function query() {
    const asked = new URLSearchParams();
    asked.set("from", String(explore.start));
    if (line.length) asked.set("line", line.join(","));
    if (lang) asked.set("lang", lang);
    return "?" + asked;
  }
  function keep() { history.replaceState(null, "", location.pathname + query()); }
  function show(data) {
    current = data;
    document.body.dataset.line = String(data.line.length);
    showBoard(data.svg, data.diagram);
    showLines("explore-lines", data.lines);
    const list = document.getElementById("line-moves");
    list.replaceChildren(...data.shown.map(function (said, i) {
      const item = document.createElement("li");
      item.textContent = said;
      const chance = (data.chances || [])[i];
      if (chance !== null && chance !== undefined) {
        const value = document.createElement("span");
        value.className = "note";
        value.textContent = " " + fill(words, "chance", {value: String(Math.round(chance * 100))});
        item.appendChild(value);
      }
      return item;
    }));
    if (!data.line.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = words.empty;
      list.replaceChildren(empty);
    }
    actions(data);
  }
  function actions(data) {
    const box = document.getElementById("explore-actions");
    const shown = [];
    if (line.length) {
      shown.push(button(words.back, function () { line.pop(); keep(); tapper.load(); }));
      shown.push(button(words.restart, function () { line = []; keep(); tapper.load(); }));
    }
    if (data.latest && data.side && line.length && data.first_to_play === data.side) {
      shown.push(button(words.play, function () { act({text: line[0]}, true); }, "choice"));
    }
    if (data.latest && data.side && line.length >= 2 && data.first_to_play && data.first_to_play !== data.side) {
      shown.push(button(words.prepare, function () { act({prepare: line.slice(0, line.length - line.length % 2)}); },
                        "choice"));
    }
    box.replaceChildren(...shown);
  }
  async function act(body, thenGame) {  // the real move, or the line kept as answers: through the game's own /play
    const headers = {"Content-Type": "application/json"};
    const session = sessionStorage.getItem("session");
    if (session) headers["X-Session"] = session;
    if (current && current.csrf) headers["X-CSRF"] = current.csrf;
    let answer = null;
    try {
      const response = await fetch("/g/" + explore.token + "/play" + (lang ? "?lang=" + encodeURIComponent(lang) : ""),
                                   {method: "POST", headers: headers, body: JSON.stringify(body)});
      answer = await response.json();
      if (!response.ok && answer.error) answer.shown = [{text: answer.error, choices: [], refusal: true}];
    } catch (error) { answer = {shown: [{text: words.failed, choices: [], refusal: true}]}; }
    showAnswers(answer.shown || [], null);
    if (answer.shown && answer.shown.length) announce(answer.shown.map(function (m) { return m.text; }).join(" "));
    document.body.dataset.acted = answer.ok ? "ok" : "shown";
    if (thenGame && answer.ok) location.assign("/g/" + explore.token + (lang ? "?lang=" + encodeURIComponent(lang) : ""));
  }
  const tapper = makeTapper({
    base: "/g/" + explore.token + "/explore", query: query, words: words,
    figure: function () { return document.getElementById("board"); },
    current: function () { return true; },
    moveBody: function (data, index) { return {index: index}; },
    cells: function () { return (current && current.cells) || []; },
    loaded: show,
    local: function (body) {  // a move of the line: the rules read it again with the rest of the line
      const found = current.moves.find(function (move) { return move[0] === body.index; });
      if (!found) return;
      line.push(found[3]);
      keep();
      announce(found[2]);
      tapper.load();
    },
  });
  signIn(words).then(function () { tapper.load(); });
})();
