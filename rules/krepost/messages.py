"""The English words of every Krepost error and reason code (translations use the same placeholders)."""

from rules.errors import declare

declare({
    "krepost.over": "the game is over: no more moves",
    "krepost.two_prisoners": "{text}: only one prisoner is taken per turn",
    "krepost.order": "{text}: the prisoner comes last; try {examples}",
    "krepost.unknown_word": "{text}: I don't know the word {word}; try {examples}",
    "krepost.unexpected": "{text}: unexpected {word}; try {examples}",
    "krepost.no_squares": "{text}: say the whole turn, e.g. {examples}",
    "krepost.not_legal": "that is not a legal turn here",
    "krepost.not_surrounded_take": "{prisoner} is not in a surrounded enemy detachment; take one of {options}",
    "krepost.nothing_surrounded_after": "no enemy detachment is surrounded after this turn, so {prisoner} cannot be taken",
    "krepost.which_prisoner": "{text}: a prisoner must be taken; which stone: {options}?",
    "krepost.ambiguous": "{text} fits {count} turns: {moves}; say which",
    "krepost.not_a_move": "not a Krepost move",
    "krepost.no_hand": "{player} has no stones left in hand",
    "krepost.occupied": "{square} is not empty",
    "krepost.zone": "{player} places stones only on ranks {ranks}",
    "krepost.no_own_stone": "there is no stone of {player} on {square}",
    "krepost.not_a_hop": "{square}–{target} is neither a step nor a jump over one stone",
    "krepost.jump_over_own": "a jump from {square} to {target} must pass over an own stone",
    "krepost.not_free": "{square} is not free to land on",
    "krepost.twice": "the stone may not visit {square} twice in one turn",
    "krepost.won_no_prisoner": "the game is won at once: no prisoner is taken",
    "krepost.prisoner_required": "a prisoner must be taken: {options}",
    "krepost.nothing_surrounded": "no enemy detachment is surrounded, so {prisoner} cannot be taken",
    "krepost.not_in_detachment": "{prisoner} is not in a surrounded enemy detachment",
})
