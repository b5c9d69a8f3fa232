"""Playing on a game's page: who the viewer is, what they may do now, and what they do, as their chat would do it.

The viewer is known by a session (``web_sessions``), made once the web front end has checked Telegram's signed
``initData`` or a player has opened a one-time sign-in link given to them privately. What a player does on the page
becomes the :class:`Event` their chat would carry (a move button's payload, or a command's text), so the dispatcher
answers it as any other: a stale position, a spectator, a finished game are refused as in the chat, and the chat
gets its board through the outbox. The page shows the answers meant for the player alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from zoneinfo import available_timezones

from ai.puzzles import find
from bot.presenters import presenter_for
from bot.service import puzzles
from bot.service.app import App
from bot.service.events import Event, Reply
from bot.service.page_links import game_token
from bot.service.pages import PAGE_MARKS, PageMove, cells_of, page_target, row_of, tappable
from bot.service.payloads import (
    OFFER_COLUMNS,
    AnswerOffer,
    Confirm,
    PickStone,
    PlayMove,
    PuzzleMove,
    PuzzleStone,
    decode,
    encode,
)
from bot.service.texts import Words
from render import board_svg, diagram
from rules import get_game
from rules.core import State, other
from storage import GameRow, User
from storage.puzzles import PuzzleSession

SESSION_LIFETIME = 30 * 86_400.0  # seconds a browser stays signed in
SIGNIN_LIFETIME = 600.0  # seconds a sign-in link works (once)
ACTIONS = ("resign", "draw", "takeback", "rematch", "review")  # the commands a player may send from the page


@dataclass(frozen=True)
class Turn:
    """What a game's page offers its viewer at ``ply`` moves (the game's ``version``): ``role`` is ``player``,
    ``spectator`` or ``guest`` (not signed in); a player's ``side``; ``moves`` when it is their turn, with where the
    board's ``squares`` lie and the words of the taps that are no square (``labels``); the commands they may send
    (``actions``, each with its button's words)."""

    role: str
    name: str | None
    side: str | None
    ply: int
    version: int
    moves: tuple[PageMove, ...] = ()
    squares: dict[str, tuple[float, float, float, float]] | None = None
    labels: dict[str, str] | None = None
    actions: tuple[tuple[str, str], ...] = ()
    status: str = "active"  # the game's: active, finished, aborted, frozen
    hint: str | None = None  # what the player to move is told about this turn beyond "tap a piece, then its square"
    offer: tuple[str, tuple[tuple[str, str], ...]] | None = None  # a standing offer's words and its buttons' payloads


@dataclass(frozen=True)
class Answer:
    """What a player's action on a page brought: ``shown`` on the page (for the player alone: a refusal, a question
    with its buttons, a note), and ``owed`` to chats (boards, offers, announcements: outbox items a front end sends)."""

    shown: tuple[Reply, ...]
    owed: tuple[Reply, ...]


async def sign_in(app: App, platform: str, platform_id: str, name: str) -> str:
    """A new session for the user ``platform_id`` of ``platform`` (made known if new): its token."""
    user = await app.people.user(platform, platform_id, name)
    return await app.sessions.new_session(user.id, SESSION_LIFETIME)


async def signin_link(app: App, user_id: int, row: GameRow | None) -> str | None:
    """A one-time address that signs ``user_id`` in and opens ``row``'s page (with no game: the list of their games);
    ``None`` without a public address or when the game's chat has its pages off."""
    base = app.config.public_url
    if not base or (row is not None and await game_token(app, row) is None):
        return None
    code = await app.sessions.new_signin_link(user_id, row.id if row is not None else None, SIGNIN_LIFETIME)
    return f"{base.rstrip('/')}/signin/{code}"


async def use_signin(app: App, code: str) -> tuple[str, str | None] | str:
    """Spend a sign-in link's ``code``: (a new session's token, the page token of its game) or why not
    (``unknown``, ``used``, ``expired``)."""
    spent = await app.sessions.use_signin_link(code)
    if isinstance(spent, str):
        return spent
    user_id, game_id = spent
    page = None
    if game_id is not None:
        row = await app.games.fresh(game_id)
        page = await game_token(app, row)
    return await app.sessions.new_session(user_id, SESSION_LIFETIME), page


async def turn(app: App, token: str, user_id: int | None, words: Words) -> Turn | None:
    """What the page of ``token`` offers the viewer ``user_id`` (``None``: not signed in); ``None``: no such page."""
    row = await row_of(app, token)
    if row is None:
        return None
    ply = len(row.moves)
    if user_id is None:
        return Turn("guest", None, None, ply, row.version)
    user = await app.people.by_id(user_id)
    side = row.side_of(user_id)
    if side is None:
        return Turn("spectator", user.name, None, ply, row.version)
    if row.status != "active":  # what a player does next: play again, or go through the game
        reviewable = row.status == "finished" and await app.games.review_of(row.id) is None  # none made yet
        after = (("rematch", words("web.play.rematch")),) + ((("review", words("web.play.review")),)
                                                              if reviewable else ())
        return Turn("player", user.name, side, ply, row.version, actions=after, status=row.status)
    state = await app.games.state(row)
    game, presenter = get_game(row.game), presenter_for(row.game)
    moves: tuple[PageMove, ...] = ()
    squares = labels = None
    if state.to_play == side:
        moves, squares, labels = tappable(state, side, words)  # the page shows a player's board from their side
    offer, offered = await _offer(app, row, user_id, side, state, words)
    actions = [("resign", words("web.play.resign"))]
    if game.count_by_agreement and offered != "draw":
        actions.append(("draw", words("web.play.count")))
    if row.moves and not row.rated and offered != "takeback":
        actions.append(("takeback", words("web.play.takeback")))
    hint = presenter.page_hint(state, words) if moves else None
    return Turn("player", user.name, side, ply, row.version, moves, squares, labels, tuple(actions), offer=offer, hint=hint)


async def _offer(app: App, row: GameRow, user_id: int, side: str, state: State,
                 words: Words) -> tuple[tuple[str, tuple[tuple[str, str], ...]] | None, str | None]:
    """The take-back or count offer standing in ``row`` as its player ``user_id`` sees it (its words; the buttons that
    answer it when it is theirs to answer), and its kind; ``(None, None)`` when there is none."""
    for kind, column in OFFER_COLUMNS.items():
        asked_by = getattr(row, column)
        if asked_by is None:
            continue
        names = await app.people.names(row)
        if asked_by == user_id:
            return (words("web.play.offer_waiting", opponent=names[other(side)]), ()), kind
        lines = [words(f"web.play.offer_{kind}", player=names[other(side)])]
        if kind == "draw":  # what the count would say: an informed yes
            lines += presenter_for(row.game).ending(state.agree_to_count(), names, words)
        buttons = ((words("web.play.accept"), encode(AnswerOffer(row.id, kind, True))),
                   (words("web.play.decline"), encode(AnswerOffer(row.id, kind, False))))
        return (" ".join(lines), buttons), kind
    return None, None


async def event_for(app: App, token: str, user_id: int, language: str, *, ply: int | None = None,
                    index: int | None = None, payload: str | None = None, action: str | None = None,
                    text: str | None = None, prepare: list[str] | None = None) -> Event | str:
    """The event the player ``user_id``'s chat would carry for what they did on the page of ``token``: the legal
    move ``index`` at ``ply`` moves, a move ``text`` typed in the game's notation, answers to ``prepare`` (the
    opponent's move, the answer, and so on: the command ``if``), a button's ``payload`` (an answer to a question the
    page showed) or a command
    (``action``, one of :data:`ACTIONS`); or the key of the message that refuses it."""
    row = await row_of(app, token)
    if row is None:
        return "web.not_found"
    user = await app.people.by_id(user_id)
    if row.side_of(user_id) is None:
        return "web.play.not_player"
    chat = await app.people.chat_by_id(row.chat_of(user_id))  # the chat they play it from (a guest: their own)
    if user.platform != chat.platform:
        return "web.play.other_platform"
    if index is not None and ply is not None:
        payload = encode(PlayMove(row.id, ply, index))
    elif payload is not None:  # an answer to a question about this game (play it anyway, resign, count, an offer)
        found = decode(payload)
        if not isinstance(found, PlayMove | Confirm | AnswerOffer | PickStone) or found.game != row.id:
            return "web.play.bad_request"
    if text is not None:  # typed on the page: read and answered as the same words typed in the chat
        text, payload = f"move #{row.id} {text.strip()}", None
    if prepare is not None:  # a line of the exploration board, kept as answers prepared in advance
        pairs = [f"{prepare[i]} then {prepare[i + 1]}" for i in range(0, len(prepare) - 1, 2)]
        text, payload = f"if #{row.id} " + " if ".join(pairs), None
    if action is not None:
        if action not in ACTIONS:
            return "web.play.bad_request"
        text, payload = f"{action} #{row.id}", None
    if payload is None and text is None:
        return "web.play.bad_request"
    return Event(chat.platform, chat.platform_id, user.platform_id, user.name, text=text, payload=payload,
                 language=language, is_private=chat.platform_id == user.platform_id, on_page=True)


async def accept_event(app: App, token: str, user_id: int, challenge_id: int, language: str) -> Event | str:
    """The event that accepts the open challenge ``challenge_id`` shown on the chat page ``token`` for the viewer
    ``user_id``, from their own private chat (the game is then played from the challenge's chat and theirs); or the
    key of the message that refuses it."""
    found = await page_target(app, token, "chat")
    if found is None:
        return "web.not_found"
    user = await app.people.by_id(user_id)
    direct = await app.people.direct_chat(user)
    return Event(user.platform, direct.platform_id, user.platform_id, user.name, text=f"accept {challenge_id}",
                 language=language, is_private=True, page_of=found[0])


async def games_of(app: App, user_id: int, words: Words) -> list[dict[str, object]]:
    """The games ``user_id`` plays now that have pages: number, game, opponent, whether it is their turn, page token;
    those waiting for their move first, the one whose clock runs out first first (the *Next game*)."""
    found = []
    for row in await app.games.active_of(user_id):
        token = await game_token(app, row)
        side = row.side_of(user_id)
        if token is None or side is None:
            continue
        state = await app.games.state(row)
        names = await app.people.names(row)
        opponent = names["black" if side == "white" else "white"]
        found.append({"id": row.id, "game": words.game(row.game), "opponent": opponent, "your_turn": state.to_play == side,
                      "token": token, "deadline": row.deadline})
    return sorted(found, key=lambda game: (not game["your_turn"], game["deadline"] or float("inf"), game["id"]))


@dataclass(frozen=True)
class PuzzleView:
    """What the page of a chat's open puzzle shows: its title and task (``lines``), the board (``svg``, from the
    attacker's side, and its text ``diagram``) after ``step`` moves of its line, or none when no puzzle is open; and
    for a signed-in viewer (``role`` ``player``) the moves to tap when it is the attacker's turn, and the actions."""

    lines: tuple[str, ...]
    role: str
    name: str | None = None
    open: bool = True
    step: int = 0
    svg: str | None = None
    diagram: str | None = None
    moves: tuple[PageMove, ...] = ()
    squares: dict[str, tuple[float, float, float, float]] | None = None
    labels: dict[str, str] | None = None
    actions: tuple[tuple[str, str], ...] = ()
    cells: tuple[Any, ...] = ()  # the squares in words (see ``pages.cells_of``)


async def _puzzle_of(app: App, token: str) -> tuple[int, PuzzleSession | None] | None:
    found = await page_target(app, token, "chat")
    if found is None:
        return None
    return found[0], await app.puzzles.puzzle_session(found[0])


async def puzzle_view(app: App, token: str, user_id: int | None, words: Words) -> PuzzleView | None:
    """The page of the open puzzle of the chat whose page is ``token``, for the viewer ``user_id``; ``None``: no such
    page."""
    found = await _puzzle_of(app, token)
    if found is None:
        return None
    _, session = found
    user = await app.people.by_id(user_id) if user_id is not None else None
    if session is None:  # none open, or the one shown was just solved or given up
        return await _puzzle_over(app, found[0], user, words)
    puzzle = puzzles.find_of(session)
    state, moves = puzzles.position(puzzle, session.step)
    title = puzzles.title_line(words, puzzle, await app.puzzles.puzzle_rating(puzzle.game, puzzle.number))
    svg = board_svg(state, perspective=puzzle.attacker, last_move=moves[-1:] or None, earlier_move=moves[-2:-1] or None,
                    label=title, colorblind=PAGE_MARKS)
    text = diagram(state, puzzle.attacker, presenter_for(puzzle.game).legend(state, words))
    lines = (title, puzzles.goal_line(words, puzzle))
    cells = cells_of(state, puzzle.attacker, words)
    if user is None:
        return PuzzleView(lines, "guest", None, True, session.step, svg, text, cells=cells)
    if not await app.people.is_member(found[0], user.id):  # holds the page's link, never wrote in the chat: watches
        return PuzzleView(lines, "spectator", user.name, True, session.step, svg, text, cells=cells)
    offered: tuple[PageMove, ...] = ()
    squares = labels = None
    if state.to_play == puzzle.attacker and session.step < len(puzzle.line):
        offered, squares, labels = tappable(state, puzzle.attacker, words)
    actions = (("hint", words("web.play.hint")), ("solution", words("web.play.solution")))
    return PuzzleView(lines, "player", user.name, True, session.step, svg, text, offered, squares, labels, actions, cells)


async def _puzzle_over(app: App, chat_id: int, user: User | None, words: Words) -> PuzzleView:
    """No puzzle open in the chat: the last one shown, at the end of its line (as solved, or its solution given), and
    what to do next; or, when there was none, how to start one."""
    role, name = ("guest", None) if user is None else ("player", user.name)
    last = await app.puzzles.last_puzzle_shown(chat_id)
    puzzle = find(last[0], last[1]) if last is not None else None
    if puzzle is None:
        return PuzzleView((words("web.puzzle_none"),), role, name, False)
    state, moves = puzzles.position(puzzle, len(puzzle.line))
    title = puzzles.title_line(words, puzzle, await app.puzzles.puzzle_rating(puzzle.game, puzzle.number))
    svg = board_svg(state, perspective=puzzle.attacker, last_move=moves[-1:] or None, earlier_move=moves[-2:-1] or None,
                    label=title, colorblind=PAGE_MARKS)
    text = diagram(state, puzzle.attacker, presenter_for(puzzle.game).legend(state, words))
    actions = (("new", words("web.play.next_puzzle")),) if user is not None else ()
    return PuzzleView((title, words("web.puzzle_done")), role, name, False, len(puzzle.line), svg, text, actions=actions,
                      cells=cells_of(state, puzzle.attacker, words))


async def puzzle_event(app: App, token: str, user_id: int, language: str, *, step: int | None = None,
                       index: int | None = None, payload: str | None = None, action: str | None = None) -> Event | str:
    """The event the chat would carry for what the player ``user_id`` did on the page of the chat's puzzle: the legal
    move ``index`` at ``step`` moves of its line, a button's ``payload``, or ``hint`` / ``solution``; or the key of
    the message that refuses it."""
    found = await _puzzle_of(app, token)
    if found is None:
        return "web.not_found"
    chat_id, session = found
    if session is None and action != "new":
        return "web.puzzle_none"
    chat, user = await app.people.chat_by_id(chat_id), await app.people.by_id(user_id)
    if user.platform != chat.platform:
        return "web.play.other_platform"
    if not await app.people.is_member(chat_id, user_id):  # a link can travel: only the chat's own people answer here
        return "web.play.not_member"
    if session is None:  # the next puzzle, as 'puzzle new' in the chat
        return Event(chat.platform, chat.platform_id, user.platform_id, user.name, text="puzzle new", language=language,
                     is_private=chat.platform_id == user.platform_id, on_page=True)
    text = None
    if index is not None and step is not None:
        puzzle = puzzles.find_of(session)
        payload = encode(PuzzleMove(puzzles.game_index(puzzle.game), puzzle.number, step, index))
    elif payload is not None:
        if not isinstance(decode(payload), PuzzleMove | PuzzleStone):
            return "web.play.bad_request"
    elif action in ("hint", "solution"):
        text = f"puzzle {action}"
    else:
        return "web.play.bad_request"
    return Event(chat.platform, chat.platform_id, user.platform_id, user.name, text=text, payload=payload,
                 language=language, is_private=chat.platform_id == user.platform_id, on_page=True)


SETTINGS_ON_PAGE = ("zone", "quiet", "reminders", "notices", "board", "mute", "unmute")  # what /me/settings sets


async def settings_event(app: App, user_id: int, language: str, name: str, value: str) -> Event | str:
    """The event that changes the player ``user_id``'s setting ``name`` (one of :data:`SETTINGS_ON_PAGE`) to ``value``,
    as 'settings <name> <value>' in their private chat would; or the key of the message that refuses it."""
    if name not in SETTINGS_ON_PAGE or not value.strip() or len(value) > 64:
        return "web.play.bad_request"
    user = await app.people.by_id(user_id)
    chat = await app.people.direct_chat(user)
    return Event(chat.platform, chat.platform_id, user.platform_id, user.name, text=f"settings {name} {value.strip()}",
                 language=language, is_private=True, on_page=True)


async def settings_of(app: App, user_id: int) -> dict[str, Any]:
    """The player's settings as the page's forms show them (each as it would be typed), their games going on (number,
    words, whether muted) and the time zones to pick from."""
    prefs = (await app.people.by_id(user_id)).prefs
    digest = prefs.get("digest") or {}
    if "daily" in digest:
        reminders = f"daily {digest['daily']}"
    elif "every" in digest:
        reminders = f"every {int(digest['every']) // 3600}h"
    else:
        reminders = "on" if prefs.get("reminders", True) else "off"
    muted = set(prefs.get("muted") or [])
    words = Words((await app.people.by_id(user_id)).language or "en")
    games = []
    for row in await app.games.active_of(user_id):
        names = await app.people.names(row)
        opponent = names[other(row.side_of(user_id) or "white")]
        games.append((row.id, f"#{row.id} {words.game(row.game)} – {opponent}", row.id in muted))
    return {"zone": str(prefs.get("zone") or "UTC"), "quiet": str(prefs.get("quiet") or "off"), "reminders": reminders,
            "notices": str(prefs.get("notices") or "group"), "board": str(prefs.get("board") or "picture"),
            "games": games, "zones": ZONES}


ZONES = ("UTC", *sorted(z for z in available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV/"))))


def refused(key: str, language: str) -> Answer:
    """The answer to a page's action the service refuses: the message ``key`` in ``language``, for the page alone."""
    return Answer((Reply("web", "", Words(language)(key), language=language, refusal=True),), ())


def split_puzzle(replies: list[Reply]) -> Answer:
    """The replies to a puzzle answered on its page: all shown there, without the chat's move buttons (the page's board
    is tapped instead); what the chat sees too (the puzzle's progress, its solution), sent to the chat."""
    return Answer(tuple(replace(r, choices=()) for r in replies),
                  tuple(r for r in replies if r.private_to is None and not r.refusal))


def split(replies: list[Reply]) -> Answer:
    """The replies to a page's action: what the chats are owed (outbox items), and what the page shows its player: the
    answers for them alone, and the chat's announcements that are no board and ask nothing (a game called off). An
    offer made is shown by the page itself, to both players (``Turn.offer``), not in the chat's words."""
    owed = tuple(r for r in replies if r.delivery is not None)
    said = tuple(r for r in owed if r.game_id is None and not r.choices)
    return Answer(tuple(r for r in replies if r.delivery is None) + said, owed)
