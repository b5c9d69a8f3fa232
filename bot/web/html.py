"""The pages' HTML, written on the server: a game's page, a chat's page, and the plain error page.

Everything a player or chat named is escaped; the only script and stylesheet are the package's own files, so the
pages work with no internet and under a strict Content-Security-Policy (no inline script or style).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from bot.i18n import RIGHT_TO_LEFT, template
from bot.service.lobby import ChatView, LobbyGame
from bot.service.pages import GameView, Position, moves_data
from bot.service.texts import Words

VERDICT_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
STEPS = (("first", "«"), ("previous", "‹"), ("next", "›"), ("last", "»"))  # the buttons under the board (web.<name>)
SCRIPT_WORDS = ("round", "position", "start")
KEYBOARD_WORDS = ("can_move", "can_go", "chosen", "chose", "chosen_back", "last_move", "no_last", "clock", "no_clock",
              "moves_from", "no_moves_from", "keys", "sent", "nothing")  # web.keyboard.<name>: what the board reads out
# (web.keyboard.move_list: the move list's keys, said under it)
PLAY_WORDS = ("your_turn", "waiting", "undo", "finish", "signed_in_as", "watching", "sending", "sign_in_hint",
              "failed", "your_games", "no_games", "your_move", "their_move", "opening", "go_latest",
              "game_over", "chain", "loupe_hint", "loupe_open", "loupe_close", "sign_out",
              "offer_closed", "taken_back", "prechosen")  # web.play.<name>


def _head(words: Words, title: str, extra: str = "") -> str:
    direction = "rtl" if words.language in RIGHT_TO_LEFT else "ltr"
    return (f'<!doctype html>\n<html lang="{words.language}" dir="{direction}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title>{extra}<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
            '<link rel="stylesheet" href="/static/page.css">'
            '<script src="/static/keyboard.js" defer></script><script src="/static/page.js" defer></script></head>')


ISOLATE, END = "\u2068", "\u2069"  # a run of text laid out on its own (a name, a number), whatever the page's direction


def game_title(words: Words, view: GameView) -> str:
    """``Kamisado #12: Ann – Bob``, each name and the number isolated, so a right-to-left page keeps their order."""
    white, black = view.names["white"], view.names["black"]
    return f"{words.game(view.game)} {ISOLATE}#{view.game_id}{END}: {ISOLATE}{white}{END} – {ISOLATE}{black}{END}"


def game_page(words: Words, view: GameView, board: Position, public_url: str | None) -> str:
    """The whole page of a game, showing ``board`` (the latest position, or the one a link asked for)."""
    title = game_title(words, view)
    meta = f'<meta name="description" content="{escape(" ".join(view.lines))}">'
    if public_url:
        base = public_url.rstrip("/")
        page, picture = f"{base}/g/{view.token}", f"{base}/g/{view.token}.png"
        meta += (f'<meta property="og:type" content="website"><meta property="og:title" content="{escape(title)}">'
                 f'<meta property="og:description" content="{escape(" ".join(view.lines))}">'
                 f'<meta property="og:url" content="{escape(page)}"><meta property="og:image" content="{escape(picture)}">'
                 '<meta name="twitter:card" content="summary_large_image">'
                 f'<meta name="twitter:image" content="{escape(picture)}">')
    players = " – ".join(
        f'<span class="player {side}">{escape(view.names[side])}'
        + (f' <span class="rating">({view.ratings[side]})</span>' if view.ratings[side] is not None else "") + "</span>"
        for side in ("white", "black"))
    data = {"token": view.token, "ply": board.ply, "last": view.ply, "version": view.version, "deadline": view.deadline,
            "moves": moves_data(view), "chances": list(view.chances), "cells": board.cells, "beside": board.beside,
            "names": view.names,
            "move_label": template(words.language, "web.move_label"),
            "words": {key: template(words.language, f"web.{key}") for key in SCRIPT_WORDS},
            "play": _play_words(words)}
    return (
        _head(words, title, meta)
        + '<body><header>'
        + f'<h1>{escape(title)}</h1><p class="players">{players}</p>'
        + f'<div id="status">{_lines(view.lines)}</div>'
        + (f'<p id="clock" data-deadline="{view.deadline}"></p>' if view.deadline else "")
        + "</header><main>"
        + _board(words, board.svg, board.diagram)
        + _steps(words, board.ply, view.ply)
        + '<section id="play"><p id="play-status"></p><div id="taps"></div><div id="offer"></div>'
        + f'<div id="answers"></div>{_typed_move(words)}<div id="actions"></div></section>'
        + f'<section id="moves"><h2>{escape(words("web.moves"))}</h2>{_moves(words, view, board.ply)}</section>'
        + (_review(words, view) if view.chances else "")
        + (f'<p class="live">{escape(words("web.live"))}</p>' if view.status == "active" else "")
        + "</main><footer>"
        + (f'<a href="/c/{view.chat_token}">{escape(words("web.chat_link"))}</a>' if view.chat_token else "")
        + f' <a href="/g/{view.token}/explore?from={board.ply}" id="explore-link">{escape(words("web.explore.open"))}</a>'
        + f' <button type="button" id="sign-out" hidden>{escape(words("web.play.sign_out"))}</button>'
        + "</footer>"
        + f'<script type="application/json" id="game-data">{_json(data)}</script>'
        + "</body></html>")


def _json(data: object) -> str:
    """JSON safe inside a ``<script type="application/json">`` element (no ``</`` can end it)."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def _lines(lines: tuple[str, ...] | list[str]) -> str:
    return "".join(f"<p>{escape(line)}</p>" for line in lines)


def _steps(words: Words, ply: int, last: int) -> str:
    """First, previous, next, last: each arrow points the way it goes in the reader's direction (left is forward on a
    right-to-left page, as the arrow keys are)."""
    targets = {"first": 0, "previous": max(0, ply - 1), "next": min(last, ply + 1), "last": last}
    mirrored = {"«": "»", "‹": "›", "›": "‹", "»": "«"} if words.language in RIGHT_TO_LEFT else {}
    return '<nav id="steps">' + "".join(
        f'<a href="?ply={targets[name]}" data-step="{name}" title="{escape(words(f"web.{name}"))}" '
        f'aria-label="{escape(words(f"web.{name}"))}">{mirrored.get(symbol, symbol)}</a>' for name, symbol in STEPS) + "</nav>"


def _moves(words: Words, view: GameView, shown: int) -> str:
    if not view.plies:
        return (f'<ol id="move-list" aria-describedby="move-keys"></ol><p class="empty">{escape(words("web.no_moves"))}</p>'
                + _move_keys(words))
    items = []
    current_round = None
    for ply in view.plies:
        if ply.round is not None and ply.round != current_round:
            current_round = ply.round
            items.append(f'<li class="round">{escape(words("web.round", number=ply.round))}</li>')
        mark = VERDICT_MARKS.get(ply.verdict or "", "")
        verdict = (f' <span class="verdict {ply.verdict}" title="{escape(words(f"verdict.{ply.verdict}"))}">{mark}</span>'
                   if mark else "")
        stop = ply.ply == shown or (shown not in [p.ply for p in view.plies] and ply is view.plies[-1])
        current = (' aria-current="step"' if ply.ply == shown else "") + f' tabindex="{0 if stop else -1}"'
        note = f' <span class="note">{escape(ply.note)}</span>' if ply.note else ""
        named = words("web.move_label", number=ply.ply, player=view.names.get(ply.side or "", ""), move=ply.text)
        items.append(f'<li class="{ply.side or ""}" value="{ply.ply}"><a href="?ply={ply.ply}" data-ply="{ply.ply}"{current}'
                     f' aria-label="{escape(named)}">{escape(ply.text)}</a>{verdict}{note}</li>')
    # one stop of the Tab key (the move shown); the arrows, Home and End walk the list
    return f'<ol id="move-list" aria-describedby="move-keys">{"".join(items)}</ol>' + _move_keys(words)


def _move_keys(words: Words) -> str:
    return f'<p id="move-keys" class="keys">{escape(words("web.keyboard.move_list"))}</p>'


def _decisive(view: GameView) -> int | None:
    """The ply after which White's chances moved the most (the turn that decided the game), or ``None``."""
    swings = [(abs(view.chances[i] - view.chances[i - 1]), i) for i in range(1, len(view.chances))]
    return max(swings)[1] if swings and max(swings)[0] >= 0.2 else None


def _review(words: Words, view: GameView) -> str:
    """White's winning chances after each ply, at the page's full width: labelled axes, the rounds as bands, the
    decisive turn marked and named, each inaccuracy, mistake and blunder a dot with its mark; every marked point
    takes the keyboard's focus (and a tap) and says its move and verdict, and the page steps the board there."""
    width, height, left, bottom = 600, 240, 84, 56
    count = max(1, len(view.chances) - 1)
    x = [left + i * (width - left - 8) / count for i in range(len(view.chances))]
    y = [8 + (height - bottom - 8) * (1 - chance) for chance in view.chances]
    parts = []
    rounds = [(p.ply, p.round) for p in view.plies if p.round is not None]
    starts = [(ply, number) for i, (ply, number) in enumerate(rounds) if i == 0 or rounds[i - 1][1] != number]
    for i, (first, number) in enumerate(starts):  # each round a band of its own, named under the axis
        end = starts[i + 1][0] - 1 if i + 1 < len(starts) else len(view.chances) - 1
        x0, x1 = x[first - 1], x[end]
        parts.append(f'<rect class="band{i % 2}" x="{x0:.1f}" y="8" width="{max(1.0, x1 - x0):.1f}" '
                     f'height="{height - bottom - 8}"/>'
                     f'<text class="label" x="{(x0 + x1) / 2:.1f}" y="{height - 4}">'
                     f'{escape(words("review.graph.round", number=number))}</text>')
    for value in (0, 50, 100):
        level = 8 + (height - bottom - 8) * (1 - value / 100)
        parts.append(f'<line class="grid" x1="{left}" y1="{level:.1f}" x2="{width - 8}" y2="{level:.1f}"/>'
                     f'<text class="label" x="{left - 6}" y="{level:.1f}" text-anchor="end" dominant-baseline="central">'
                     f'{escape(words("review.graph.percent", value=value))}</text>')
    step = max(1, round(count / 6))
    for tick in range(0, len(view.chances), step):
        parts.append(f'<text class="label" x="{x[tick]:.1f}" y="{height - bottom + 24}">{tick}</text>')
    line = " ".join(f"{px:.1f},{py:.1f}" for px, py in zip(x, y, strict=True))
    parts.append(f'<polyline class="chances" points="{line}"/>')
    decisive = _decisive(view)
    first_marked = next((p.ply for p in view.plies if p.verdict in VERDICT_MARKS or p.ply == decisive), None)
    named = ""
    for ply in view.plies:
        said = words("web.graph.point", ply=ply.ply, side=words.side(ply.side) if ply.side else "", move=ply.text,
                     value=round(view.chances[ply.ply] * 100))
        if ply.verdict in VERDICT_MARKS:
            said += " " + words(f"verdict.{ply.verdict}").capitalize() + "."  # the words, not the marks, are read
        if ply.better:
            said += " " + words("web.graph.better", move=ply.better)
        if ply.ply == decisive:
            named = words("web.graph.decisive", ply=ply.ply, move=ply.text)
            said += " " + named
        marked = ply.verdict in VERDICT_MARKS or ply.ply == decisive
        kind = ply.verdict if ply.verdict in VERDICT_MARKS else ("decisive" if ply.ply == decisive else "none")
        first = ply.ply == (first_marked or 1)  # the graph is one stop of the Tab key; the arrows go from point to point
        parts.append(f'<circle class="point {kind}" cx="{x[ply.ply]:.1f}" cy="{y[ply.ply]:.1f}" r="{9 if marked else 6}" '
                     f'data-ply="{ply.ply}" data-said="{escape(said)}" tabindex="{0 if first else -1}" role="button" '
                     f'aria-label="{escape(said)}"><title>{escape(said)}</title></circle>')
        if ply.verdict in VERDICT_MARKS:
            parts.append(f'<text class="mark" x="{x[ply.ply]:.1f}" y="{y[ply.ply] - 16:.1f}">{VERDICT_MARKS[ply.verdict]}</text>')
        if ply.ply == decisive:
            parts.append(f'<line class="decisive" x1="{x[ply.ply]:.1f}" y1="8" x2="{x[ply.ply]:.1f}" '
                         f'y2="{height - bottom}"/>')
    title = escape(words("review.graph.title"))
    axes = (f'<text class="axis" x="{(left + width) / 2:.0f}" y="{height + 24}">{escape(words("web.graph.axis_moves"))}'
            f'</text><text class="axis" transform="translate(20 {(height - bottom) / 2:.0f}) rotate(-90)">'
            f'{escape(words("web.graph.axis_chances"))}</text>')
    return (f'<section id="review"><h2>{escape(words("web.review"))}</h2><figure>'
            f'<svg viewBox="0 0 {width} {height + 32}" role="group" aria-label="{title}" direction="ltr">'
            f'{"".join(parts)}{axes}</svg>'
            f'<figcaption><p>{title}</p>' + (f'<p class="decisive-turn">{escape(named)}</p>' if named else "")
            + f'<p class="legend">{escape(words("web.graph.legend"))}</p>'
            '<p id="graph-said" aria-live="polite"></p></figcaption></figure></section>')


def chat_page(words: Words, view: ChatView, token: str = "", csrf: str | None = None) -> str:
    """A chat's home page: the viewer's next game where it is their move, the open challenges (each with Accept for a
    signed-in viewer, ``csrf`` their anti-forgery value), the open puzzle, the games going on with whose turn and the
    clock, the finished ones with their results, and the tournament's standings. Its script keeps it current."""
    waiting = view.waiting_for_you
    head = ""
    if waiting:
        head = (f'<p id="your-turn"><strong>{escape(words("web.lobby.your_turn_in", count=len(waiting)))}</strong> '
                f'<a class="button primary" id="next-game" href="/g/{waiting[0].token}">'
                f'{escape(words("web.lobby.next_game"))}</a></p>')
    elif view.signed_in and any(g.mine for g in view.going):
        head = f'<p id="your-turn">{escape(words("web.lobby.none_waiting"))}</p>'
    going = _lobby_games(words, view.going) or f'<p class="empty">{escape(words("web.no_games"))}</p>'
    finished = (f'<section id="finished"><h2>{escape(words("web.lobby.finished"))}</h2>'
                f'{_lobby_games(words, view.finished)}</section>') if view.finished else ""
    puzzle = (f'<section id="puzzle"><h2>{escape(words("web.puzzle_title"))}</h2><p>{escape(view.puzzle)}</p>'
              f'<p><a class="button" href="/c/{escape(token)}/puzzle">{escape(words("web.puzzle_link"))}</a></p></section>'
              ) if view.puzzle else ""
    standings = (f'<section id="standings"><h2>{escape(words("web.standings"))}</h2>{_lines(view.standings)}</section>'
                 if view.standings else "")
    return (_head(words, view.title) + f'<body class="lobby"><header><h1>{escape(view.title)}</h1>{head}</header>'
            f'<main id="lobby">{_challenges(words, view, token, csrf)}{puzzle}'
            f'<section id="games"><h2>{escape(words("web.lobby.going_on"))}</h2>{going}</section>'
            f'{finished}{standings}</main>'
            f'<footer><a href="/learn">{escape(words("learn.web.lessons"))}</a>'
            + (f' · <a href="/me/settings">{escape(words("web.settings.title"))}</a>' if view.signed_in else "")
            + '</footer></body></html>')


def _lobby_games(words: Words, games: tuple[LobbyGame, ...]) -> str:
    """Games as a list: number and game (the link to its page), players with ratings, whose turn or the result; the
    viewer's own marked in words, not by colour alone."""
    items = []
    for game in games:
        players = " – ".join(
            f'<span class="player">{ISOLATE}{escape(game.names[side])}{END}'
            + (f' <span class="rating">({game.ratings[side]})</span>' if game.ratings[side] is not None else "")
            + "</span>" for side in ("white", "black"))
        mark = ""
        if game.your_turn:
            mark = f' <strong class="badge yours-now">{escape(words("web.lobby.your_move"))}</strong>'
        elif game.mine:
            mark = f' <span class="badge yours">{escape(words("web.lobby.yours"))}</span>'
        kind = " mine" if game.mine else ""
        items.append(f'<li class="game{kind}"><a href="/g/{game.token}">{ISOLATE}#{game.id}{END} {escape(game.game)}</a>'
                     f"{mark}<br>{players}<br><span class=\"status\">{escape(game.line)}</span></li>")
    return f'<ul class="games">{"".join(items)}</ul>' if items else ""


def _challenges(words: Words, view: ChatView, token: str, csrf: str | None) -> str:
    """The open challenges, each with an Accept button for a signed-in viewer (a form: the page needs no script)."""
    if not view.challenges:
        return ""
    items = []
    for number, what in view.challenges:
        button = (f'<form method="post" action="/c/{escape(token)}/accept"><input type="hidden" name="challenge" '
                  f'value="{number}"><input type="hidden" name="csrf" value="{escape(csrf)}"><button type="submit">'
                  f'{escape(words("button.accept"))}</button></form>') if csrf else ""
        items.append(f"<li>{escape(what)} {button}</li>")
    note = "" if csrf else f'<p class="note">{escape(words("web.challenges_sign_in"))}</p>'
    return (f'<section id="challenges"><h2>{escape(words("web.challenges"))}</h2><ul>{"".join(items)}</ul>{note}'
            "</section>")


def _play_words(words: Words) -> dict[str, str]:
    return {**{key: template(words.language, f"web.play.{key}") for key in PLAY_WORDS},
            **{key: template(words.language, f"web.keyboard.{key}") for key in KEYBOARD_WORDS}}


def _board(words: Words, svg: str, diagram: str) -> str:
    """The board: its picture, the same squares as a grid in words that the keyboard plays (and a screen reader
    reads), the keys it takes, and the text diagram."""
    return (f'<figure id="board" aria-label="{escape(words("web.keyboard.board"))}">{svg}'
            f'<figcaption><details><summary>{escape(words("web.diagram"))}</summary>'
            f'<pre id="diagram">{escape(diagram)}</pre></details></figcaption></figure>'
            f'<div id="board-grid" role="grid" aria-label="{escape(words("web.keyboard.board"))}" '
            'aria-describedby="board-keys"></div>'
            f'<p id="board-keys" class="keys">{escape(words("web.keyboard.keys"))}</p>'
            '<div id="announce" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>')


def _typed_move(words: Words) -> str:
    """A move typed in the game's notation, as in the chat (shown to the game's players)."""
    return (f'<form id="type-move" hidden><label for="move-text">{escape(words("web.keyboard.type"))}</label> '
            f'<input id="move-text" type="text" autocomplete="off" autocapitalize="off" spellcheck="false" '
            f'maxlength="200" aria-describedby="move-text-hint" dir="ltr"> '
            f'<button type="submit">{escape(words("web.keyboard.send"))}</button>'
            f'<span id="move-text-hint" class="note">{escape(words("web.keyboard.type_hint"))}</span></form>')


def app_page(words: Words) -> str:
    """The Mini App's first page: its script signs the Telegram user in, then opens the game it was started for or
    lists their games."""
    title = words("web.play.your_games")
    data = {"play": {**_play_words(words), "next_game": words("web.lobby.next_game")}}
    return (_head(words, title) + f'<body><header><h1>{escape(title)}</h1></header><main><section id="my-games">'
            f'<p id="play-status">{escape(words("web.play.opening"))}</p><p id="next"></p><ul id="game-list"></ul></section>'
            f'<p><a href="/learn">{escape(words("learn.web.lessons"))}</a> · '
            f'<a href="/me/settings">{escape(words("web.settings.title"))}</a></p></main>'
            f'<script type="application/json" id="app-data">{_json(data)}</script></body></html>')


def puzzle_page(words: Words, token: str, lines: tuple[str, ...], svg: str | None, text: str | None,
                cells: tuple[Any, ...] = ()) -> str:
    """The page of a chat's open puzzle: its task and board (its script lets a signed-in player answer by tapping, or
    by keyboard on the board's grid)."""
    title = lines[0]
    board = _board(words, svg, text or "") if svg else ""
    data = {"token": token, "play": {**_play_words(words), "watching": template(words.language, "web.puzzle_watching")},
            "cells": cells}
    return (_head(words, title) + f'<body><header><h1>{escape(words("web.puzzle_title"))}</h1>'
            f'<div id="puzzle-lines" aria-live="polite">{_lines(lines)}</div></header><main>{board}'
            '<section id="play"><p id="play-status"></p><div id="taps"></div><div id="answers"></div>'
            '<div id="actions"></div></section></main>'
            f'<script type="application/json" id="puzzle-data">{_json(data)}</script></body></html>')


def error_page(words: Words, key: str) -> str:
    """A plain page saying what went wrong (``web.not_found``, ``web.bad_ply``, ``web.too_many``)."""
    return message_page(words, words(key))


def message_page(words: Words, message: str) -> str:
    """A plain page saying ``message`` (already in the reader's words): what went wrong."""
    return _head(words, message) + f"<body><main><p class=\"error\">{escape(message)}</p></main></body></html>"


def signin_page(words: Words, code: str) -> str:
    """The page a sign-in link opens: the link is spent only by its player's press of the button (a link preview, which
    only looks, spends nothing)."""
    return _head(words, words("web.play.signin_title")) + (
        f"<body><main><h1>{escape(words('web.play.signin_title'))}</h1><p>{escape(words('web.play.signin_confirm'))}</p>"
        f"<form method=\"post\" action=\"/signin/{escape(code)}\"><button type=\"submit\" class=\"primary\">"
        f"{escape(words('web.play.signin_button'))}</button></form></main></body></html>")


EXPLORE_WORDS = ("back", "restart", "play", "prepare", "line", "empty", "chance")  # web.explore.<name>


def explore_page(words: Words, token: str, view: Any) -> str:
    """The board to think on: the explored board (tapped or played by keyboard like the game's), the line so far, and
    what may be done with it; its script asks ``/g/<token>/explore/turn`` and keeps the line in the address."""
    title = words("explore.title")
    data = {"token": token, "start": view.start, "line": list(view.line),
            "play": {**_play_words(words), **{key: template(words.language, f"web.explore.{key}") for key in EXPLORE_WORDS}}}
    return (_head(words, title) + f'<body data-role="player"><header><h1>{escape(title)}</h1>'
            f'<p class="note">{escape(words("web.explore.note"))}</p>'
            f'<div id="explore-lines">{_lines(view.lines)}</div></header><main>'
            + _board(words, view.svg, view.diagram)
            + '<section id="play"><p id="play-status"></p><div id="taps"></div><div id="answers"></div>'
            '<div id="actions"></div></section>'
            f'<section id="line"><h2>{escape(words("web.explore.line"))}</h2><ol id="line-moves"></ol>'
            '<div id="explore-actions"></div></section>'
            f'<p><a href="/g/{escape(token)}">{escape(words("web.explore.game"))}</a></p></main>'
            f'<script type="application/json" id="explore-data">{_json(data)}</script></body></html>')


def settings_page(words: Words, settings: dict[str, Any], csrf: str, said: str | None = None, refused: bool = False,
                  changed: str | None = None) -> str:
    """A player's settings of how they are told of their turns, each a form of its own with the controls a player
    expects (a zone picker that searches as you type, times for quiet hours, choices for reminders, where notices go and
    how boards come, a button per game to mute), posting to ``/me/settings``; what the last change (``changed``) was
    answered is said beside its own form, and its field marked when it was refused. No script is needed."""
    title = words("web.settings.title")
    hidden = f'<input type="hidden" name="csrf" value="{escape(csrf)}">'

    def form(name: str, body: str) -> str:
        note = ""
        if changed == name and said:
            note = (f'<p id="said-{name}" class="answer{" refusal" if refused else ""}" role="status">{escape(said)}</p>')
        return (f'<form method="post" action="/me/settings" class="setting" id="form-{name}">{hidden}'
                f'<input type="hidden" name="name" value="{name}">{body}'
                f' <button type="submit">{escape(words("web.settings.save"))}</button>{note}</form>')

    def invalid(name: str) -> str:
        return f' aria-invalid="true" aria-describedby="said-{name}"' if changed == name and refused and said else ""

    def chosen(value: object, current: object) -> str:
        return " selected" if value == current else ""

    zones = "".join(f'<option value="{escape(zone)}">' for zone in settings["zones"])
    quiet_from, _, quiet_to = str(settings["quiet"]).partition("-")
    reminders = str(settings["reminders"])
    kind = reminders.split()[0] if reminders.split() else "on"
    daily = reminders.split()[1] if kind == "daily" else "08:00"
    every = reminders.split()[1].rstrip("h") if kind == "every" else "6"
    forms = [
        form("zone", f'<label for="setting-zone">{escape(words("setting.zone"))}</label> '
                     f'<input id="setting-zone" name="value" value="{escape(settings["zone"])}" list="zones" dir="ltr" '
                     f'autocomplete="off" spellcheck="false"{invalid("zone")}><datalist id="zones">{zones}</datalist>'
                     f'<span class="note">{escape(words("web.settings.zone_hint"))}</span>'),
        form("quiet", f'<fieldset{invalid("quiet")}><legend>{escape(words("setting.quiet"))}</legend>'
                      f'<label for="quiet-from">{escape(words("web.settings.from"))}</label> '
                      f'<input type="time" id="quiet-from" name="from" value="{escape(quiet_from if quiet_to else "")}"> '
                      f'<label for="quiet-to">{escape(words("web.settings.to"))}</label> '
                      f'<input type="time" id="quiet-to" name="to" value="{escape(quiet_to)}"> '
                      f'<label><input type="checkbox" name="off" id="quiet-off"{" checked" if not quiet_to else ""}> '
                      f'{escape(words("web.settings.none"))}</label></fieldset>'),
        form("reminders", f'<fieldset{invalid("reminders")}><legend>{escape(words("setting.reminders"))}</legend>'
             + "".join(f'<label><input type="radio" name="kind" value="{value}"{" checked" if kind == value else ""}> '
                       f'{escape(words(f"web.settings.reminders_{value}"))}</label> '
                       + (f'<input type="time" name="daily" value="{escape(daily)}" aria-label="'
                          f'{escape(words("web.settings.reminders_daily"))}"> ' if value == "daily" else "")
                       + (f'<select name="every" aria-label="{escape(words("web.settings.reminders_every"))}">'
                          + "".join(f'<option value="{h}"{chosen(str(h), every)}>{h} h</option>' for h in (1, 2, 3, 4, 6, 8, 12))
                          + "</select> " if value == "every" else "")
                       for value in ("on", "daily", "every", "off")) + "</fieldset>"),
        form("notices", f'<label for="setting-notices">{escape(words("setting.notices"))}</label> '
                        f'<select id="setting-notices" name="value"{invalid("notices")}>'
             + "".join(f'<option value="{v}"{chosen(v, settings["notices"])}>{escape(words(f"notices.{v}"))}</option>'
                       for v in ("group", "private", "both")) + "</select>"),
        form("board", f'<label for="setting-board">{escape(words("setting.board"))}</label> '
                      f'<select id="setting-board" name="value"{invalid("board")}>'
             + "".join(f'<option value="{v}"{chosen(v, settings["board"])}>{escape(words(f"settings.board.{v}"))}</option>'
                       for v in ("picture", "text", "both")) + "</select>"),
    ]
    games = "".join(
        f'<li><form method="post" action="/me/settings" class="setting">{hidden}'
        f'<input type="hidden" name="name" value="{"unmute" if muted else "mute"}">'
        f'<input type="hidden" name="value" value="#{number}">{escape(label)} '
        f'<button type="submit">{escape(words("web.settings.unmute" if muted else "web.settings.mute", id=number))}'
        f'</button></form></li>' for number, label, muted in settings["games"])
    muting = (f'<section id="muting"><h2>{escape(words("setting.mute"))}</h2>'
              + (f"<ul>{games}</ul>" if games else f'<p class="note">{escape(words("web.play.no_games"))}</p>')
              + (f'<p id="said-mute" class="answer{" refusal" if refused else ""}" role="status">{escape(said)}</p>'
                 if changed in ("mute", "unmute") and said else "") + "</section>")
    back = (f'<nav id="back"><a href="/app">{escape(words("web.play.your_games"))}</a> · '
            f'<a href="/learn">{escape(words("learn.web.lessons"))}</a></nav>')
    return (_head(words, title) + f'<body><header><h1>{escape(title)}</h1>{back}</header><main id="settings">'
            f'{"".join(forms)}{muting}</main></body></html>')


def lessons_page(words: Words, games: list[str]) -> str:
    """``/learn``: every game's first lesson."""
    title = words("learn.web.lessons")
    items = "".join(f'<li><a href="/learn/{game}">{escape(words.game(game))}</a></li>' for game in games)
    return (_head(words, title) + f'<body><header><h1>{escape(title)}</h1></header><main><ul id="lessons">{items}</ul>'
            "</main></body></html>")


def lesson_page(words: Words, view: Any) -> str:
    """A game's lesson: what is said (read out to screen readers), the board with the goal square marked, the taps;
    its script plays the lesson through ``/learn/<game>/turn`` and ``/play``."""
    title = words("learn.web.title", game=words.game(view.game))
    board = _board(words, view.svg, view.diagram)
    data = {"game": view.game, "play": _play_words(words)}
    note = "" if view.name else f'<p id="guest-note" class="note">{escape(words("learn.web.signed_out"))}</p>'
    return (_head(words, title) + f'<body data-role="player"><header><h1>{escape(title)}</h1>'
            f'<div id="lesson-lines" aria-live="polite">{_lines([*view.said, *view.lines])}</div>{note}</header>'
            f'<main>{board}'
            '<section id="play"><p id="play-status"></p><div id="taps"></div><div id="answers"></div>'
            '<div id="actions"></div></section></main>'
            f'<script type="application/json" id="lesson-data">{_json(data)}</script></body></html>')
