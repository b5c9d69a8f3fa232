"""The Kamisado board: colours, squares, directions and the words players use for them."""

from __future__ import annotations

from rules.text import Lexicon

COLOURS: tuple[str, ...] = ("brown", "green", "red", "yellow", "pink", "purple", "blue", "orange")
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}

FILES = "abcdefgh"

_LAYOUT_TOP_DOWN = (
    "orange blue purple pink yellow red green brown",
    "red orange pink green blue yellow brown purple",
    "green pink orange red purple brown yellow blue",
    "pink purple blue orange brown green red yellow",
    "yellow red green brown orange blue purple pink",
    "blue yellow brown purple red orange pink green",
    "purple brown yellow blue green pink orange red",
    "brown green red yellow pink purple blue orange",
)

# Square index = rank * 8 + file, rank 0 being rank "1" (White's home row).
SQUARE_COLOUR: tuple[int, ...] = tuple(
    COLOUR_INDEX[name] for row in reversed(_LAYOUT_TOP_DOWN) for name in row.split()
)
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[s % 8]}{s // 8 + 1}" for s in range(64))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}

# Players inside the Kamisado core: 0 is Black (who starts a match), 1 is White.
BLACK, WHITE = 0, 1
PLAYER_NAMES = ("black", "white")
PLAYER_INDEX = {"black": BLACK, "white": WHITE}
HOME_RANK = (7, 0)
GOAL_RANK = (0, 7)
FORWARD = (-1, 1)
# A player's "left" as they see the board: Black sits behind rank 8, so their left is file h.
LEFT = (1, -1)

STRAIGHT, DIAGONAL_LEFT, DIAGONAL_RIGHT = "↑", "↖", "↗"
ARROWS = (STRAIGHT, DIAGONAL_LEFT, DIAGONAL_RIGHT)

RANGE_BY_TEETH = (7, 5, 3, 1, 0)


def tower_id(player: int, colour: int) -> int:
    """The index of a tower in a state's tower tuples."""
    return player * 8 + colour


def direction_of(player: int, start: int, end: int) -> str:
    """The arrow of a forward move of ``player`` from ``start`` to ``end``."""
    file_step = end % 8 - start % 8
    if file_step == 0:
        return STRAIGHT
    return DIAGONAL_LEFT if (file_step > 0) == (LEFT[player] > 0) else DIAGONAL_RIGHT


def _rays(player: int, square: int) -> tuple[tuple[int, ...], ...]:
    rays = []
    for file_step in (0, LEFT[player], -LEFT[player]):
        ray = []
        rank, file = square // 8 + FORWARD[player], square % 8 + file_step
        while 0 <= rank < 8 and 0 <= file < 8:
            ray.append(rank * 8 + file)
            rank += FORWARD[player]
            file += file_step
        rays.append(tuple(ray))
    return tuple(rays)


# RAYS[player][square] = (straight, diagonal left, diagonal right), each nearest square first.
RAYS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(_rays(player, square) for square in range(64)) for player in (BLACK, WHITE)
)

_RU_ADJECTIVE = (
    "", "ый", "ий", "ой", "ая", "яя", "ую", "юю", "ое", "ее", "ого", "его", "ому", "ему",
    "ым", "им", "ом", "ем", "ые", "ие", "ых", "их", "ыми", "ими",
)

WORDS = Lexicon()
for _name, _forms in {
    "brown": ["brown", "barna", "barnat", "barnaval", "قهوه ای", "قهوهای"],
    "green": ["green", "zold", "zoldet", "zolddel", "سبز"],
    "red": ["red", "piros", "pirosat", "pirossal", "قرمز"],
    "yellow": ["yellow", "sarga", "sargat", "sargaval", "زرد"],
    "pink": ["pink", "rozsaszin", "rozsaszint", "rozsaszinnel", "صورتی"],
    "purple": ["purple", "violet", "lilac", "lila", "lilat", "lilaval", "turquoise", "بنفش"],
    "blue": ["blue", "kek", "keket", "kekkel", "آبی"],
    "orange": ["orange", "narancssarga", "narancssargat", "narancs", "narancsot", "نارنجی"],
}.items():
    WORDS.add("colour", _name, _forms)
for _name, _stems in {
    "brown": ["коричнев"],
    "green": ["зелен"],
    "red": ["красн"],
    "yellow": ["желт"],
    "pink": ["розов"],
    "purple": ["фиолетов", "бирюзов"],
    "blue": ["син"],
    "orange": ["оранжев"],
}.items():
    for _stem in _stems:
        WORDS.add_stem("colour", _name, _stem, _RU_ADJECTIVE)

WORDS.add("direction", STRAIGHT, [
    "straight", "up", "forward", "forwards", "ahead", "s", "u",
    "прямо", "вперед", "вверх", "مستقیم", "جلو", "elore", "egyenesen", "egyenes",
])
WORDS.add("direction", DIAGONAL_LEFT, [
    "left", "l", "влево", "налево", "лево", "л", "چپ", "balra", "bal",
])
WORDS.add("direction", DIAGONAL_RIGHT, [
    "right", "r", "вправо", "направо", "право", "п", "راست", "jobbra", "jobb",
])
WORDS.add("push", "push", [
    "push", "pushes", "sumo", "толчок", "толкнуть", "толкаю", "толкает", "толкать", "сумо",
    "هل", "هل دادن", "هول", "tolas", "tol", "lok", "lokes",
])
WORDS.add("filler", "", [
    "from", "the", "fill", "с", "از", "move", "tower", "to", "go", "diagonal", "diagonally", "square", "squares", "on", "onto",
    "ход", "башня", "башней", "на", "клетку", "клетки", "по", "диагонали",
    "حرکت", "برج", "به", "خانه", "mezo", "mezore", "lepes", "torony", "a", "az", "atlosan",
])
WORDS.add("side", "left", ["слева", "balrol", "از چپ"])
WORDS.add("side", "right", ["справа", "jobbrol", "از راست"])
WORDS.add("pass", "pass", ["pass", "пас", "пропуск", "пропускаю", "passz", "رد", "پاس"])
