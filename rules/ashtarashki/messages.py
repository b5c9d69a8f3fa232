"""The English words of every Ashtarashki error and reason code (translations use the same placeholders)."""

from rules.errors import declare

declare({
    "ashtarashki.syntax": "{text} is not an Ashtarashki move; try {examples}",
    "ashtarashki.over": "the game is over: no more moves",
    "ashtarashki.light_square": "{text}: {square} is a light square; only dark squares are used",
    "ashtarashki.ambiguous": "{text} fits {count} moves: {moves}; say which",
    "ashtarashki.capture_compulsory": "{text}: a capture is compulsory; capture with the stone on {starts}",
    "ashtarashki.no_stone": "there is no stone of {player} on {square}",
    "ashtarashki.stuck": "{text}: the stone on {square} cannot move",
    "ashtarashki.only_to": "{text}: the stone on {square} can only go to {targets}",
    "ashtarashki.no_capture": "{text}: there is no capture here",
    "ashtarashki.none_can": "{text}: no stone of {player} can move like that",
    "ashtarashki.not_a_move": "not an Ashtarashki move",
    "ashtarashki.finished": "the stone on {square} is finished: finished stones do not move",
    "ashtarashki.must_capture": "a capture is compulsory (with the stone on {starts})",
    "ashtarashki.chain_goes_on": "a capture chain must go on while the same stone can capture",
    "ashtarashki.cannot_go": "the stone on {square} cannot go to {target}",
})
