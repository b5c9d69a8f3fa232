"""The words of correspondence play (answers prepared in advance) in English: the reference, every other language has
exactly these keys."""

CORRESPONDENCE: dict[str, str] = {
    "menu.if": "prepare answers to your opponent's next moves",
    "help.if": (
        "if <their move> then <your move> — in a game where you wait for your opponent, an answer prepared in "
        "advance: when they play that move, yours is played at once. Go deeper with '… if <their next move> then "
        "<yours>'; several 'if's make several branches. Any other move clears them (you are told). Only in our private "
        "chat, and never shown to anyone before it is played. 'if' lists them, 'if clear' clears them, '#N' picks the "
        "game. Not against the bot."
    ),
    "prepared.usage": (
        "Write: if <their move> then <your move>, for instance 'if b6-a5 then b4-c5'; deeper: 'if b6-a5 then b4-c5 "
        "if a7-b6 then c3-d4'."
    ),
    "prepared.private_only": (
        "{user}: prepare your answers in our private chat with me: here everyone would read them. Nothing was kept."
    ),
    "prepared.not_vs_bot": "Answers are prepared only in games between people.",
    "prepared.your_turn": "It is your move in #{id}: make it first. Answers are prepared while you wait.",
    "prepared.no_game": "You have no game where you are waiting for your opponent's move.",
    "prepared.saved": "#{id}: your prepared answers (only you see them):\n{lines}",
    "prepared.none": "#{id}: no answers prepared.",
    "prepared.cleared_by_you": "#{id}: your prepared answers are cleared.",
    "prepared.cleared": (
        "#{id}: your opponent played {move}, which you had prepared no answer for: your prepared answers there are "
        "cleared. It is your move."
    ),
    "prepared.cleared_takeback": "#{id}: a move was taken back, so your prepared answers there are cleared.",
    "prepared.after": "(and {count} answer(s) after it)",
    "prepared.in_all": "{count} answers in all: those after each first move are counted, not listed.",
    "prepared.played": "(an answer prepared in advance)",
    "prepared.too_many": "That would be more than {most} prepared answers in one game.",
    "prepared.illegal": "Move {step} of the line, {move}: {why}",
    "prepared.not_theirs": "At move {step} of the line it is not your opponent's move.",
    "prepared.not_yours": "At move {step} of the line, after {move}, it is not your move.",
    "prepared.over": "The game is over before move {step} of the line.",
    "setting.quiet": "quiet hours",
    "setting.notices": "where your notices go",
    "setting.mute": "muted",
    "setting.unmute": "no longer muted",
    "notices.private": "your private chat with me",
    "notices.group": "the game's chat",
    "notices.both": "the game's chat and your private chat",
    "notices.refused": (
        "{player}, I cannot write to you in private (the bot is blocked there, or your direct messages are closed), so "
        "your notices come here. Write to me privately to have them there again."
    ),
    "notices.refused_now": "the game's chat, for now: your private chat refuses my messages (write to me there)",
    "settings.digest_every": "a digest of your turns every {every}",
    "settings.digest_daily": "a digest of your turns daily at {time}",
    "settings.show_notices": (
        "Your turns: reminders: {reminders} · quiet hours: {quiet} (your time zone: {zone}) · notices go to {notices} · "
        "muted games: {muted}."
    ),
    "help.notices": (
        "settings zone Europe/Budapest (your own time zone: your quiet hours, digests and vacation times follow it) · "
        "settings quiet 22:00-07:30 (at most 12 hours; 'settings quiet off' ends them): then no reminder, last warning "
        "or digest reaches you in any chat, and nothing at all comes to your private chat; it waits for their end. "
        "Messages in a group's own conversation (a board, a challenge, an offer) go as they happen. A last warning "
        "comes before them; a deadline that would fall inside them, when you had less of the turn before them than a "
        "last warning gives, moves to their end and that time · settings reminders daily 08:00 (one digest of every "
        "game where it is your move, instead of a reminder per game; each game's last warning still comes; or "
        "'every 6h', 'on', 'off') · settings notices private|group|both (when your private chat refuses the bot, they "
        "go to the game's chat until you write to it there) · settings mute #N (no reminders for that game; the last "
        "warning still comes) · settings unmute #N."
    ),
    "digest.title": "Your move in {count} game(s):",
    "digest.line": "#{id} {game} against {opponent}: {left}",
    "digest.left": "{left} left",
    "digest.no_clock": "no clock",
    "digest.more": "… and {count} more.",
    "explore.players_only": "While the game goes on only its players explore it; everyone may once it is over.",
    "explore.illegal": "Move {step} of the line, {move}: {why}",
    "explore.over": "The game would be over here.",
    "explore.to_move": "{side} to move.",
    "explore.title": "A board to think on",
    "web.explore.open": "Explore from here",
    "web.explore.note": "Nothing you play here touches the game: only the rules answer.",
    "web.explore.back": "Back",
    "web.explore.restart": "Start over",
    "web.explore.play": "Play the first move for real",
    "web.explore.prepare": "Keep as prepared answers",
    "web.explore.game": "Back to the game",
    "web.explore.line": "Line",
    "web.explore.empty": "No move yet: tap one, for either side.",
    "web.explore.chance": "White's chances in the game: {value}%",
    "explore.busy": "The solvers are busy just now: their verdict here comes if you ask again in {seconds} s.",
    "web.busy": "Busy just now: please try again in a few seconds.",
    "explore.proven": "Proven: {side} wins with best play.",
    "web.settings.title": "How you are told of your turns",
    "web.settings.save": "Save",
    "web.settings.zone_hint": "Type a city to find your zone (Europe/Budapest), or +03:00.",
    "web.settings.from": "from",
    "web.settings.to": "to",
    "web.settings.none": "none",
    "web.settings.reminders_on": "a reminder for each game",
    "web.settings.reminders_daily": "a digest every day at",
    "web.settings.reminders_every": "a digest every",
    "web.settings.reminders_off": "none",
    "web.settings.mute": "Mute #{id}",
    "web.settings.unmute": "Unmute #{id}",
}
