"""The English words of every Kamisado error and reason code (translations use the same placeholders)."""

from rules.errors import declare

declare({
    "kamisado.empty": "{text} is not a move; try {examples}",
    "kamisado.two_distances": "{text} names two distances",
    "kamisado.unexpected": "{text}: unexpected {word}; try {examples}",
    "kamisado.unknown_word": "{text}: I don't know the word {word}; try {examples}",
    "kamisado.too_much": "{text} says too much for one move; try {examples}",
    "kamisado.over": "the match is over: no more moves",
    "kamisado.pass": "passes are made automatically when a tower is blocked",
    "kamisado.refill_expected": "{text}: the round is over; {player} chooses how to refill the home rows: 'left' or 'right'",
    "kamisado.ambiguous": "{text} fits {count} moves: {moves}; say which",
    "kamisado.forced_tower": (
        "{text}: {player} must move the {colour} tower (on {square}), because the last move ended on a {colour} "
        "square; it can go to {targets}"
    ),
    "kamisado.forced_no_push": "{text}: the {colour} tower on {square} cannot push now; it can go to {targets}",
    "kamisado.tower_cannot": "{text}: the {colour} tower on {square} cannot move like that; it can go to {targets}",
    "kamisado.no_push_first": "{text}: there is no push on the first move of a round",
    "kamisado.none_can": "{text}: no tower of {player} can move like that (first move: any tower may move)",
    "kamisado.refill_now": "the round is over: {player} chooses to refill from the left or the right",
    "kamisado.move_a_tower": "the round is being played: move a tower",
    "kamisado.must_move": "{player} must move the {colour} tower",
    "kamisado.not_on": "{player}'s {colour} tower is not on {square}",
    "kamisado.cannot_push_from": "the {colour} tower cannot push from {square}",
    "kamisado.cannot_go": "the {colour} tower cannot move from {square} to {target}",
})
