"""What front ends hand to the service and what they get back: platform-neutral events and replies."""

from __future__ import annotations

from dataclasses import dataclass, field

#: A chat id (``user:<platform user id>``) the front ends read as "the private chat with this user", which the bot
#: opens itself (Discord: a direct message; Telegram: the private chat, whose id is the user's).
DIRECT = "user:"


@dataclass(frozen=True)
class Event:
    """One thing a user did: wrote ``text`` or pressed a button carrying ``payload``.

    ``chat_id`` and ``user_id`` are the platform's own ids; ``reply_to`` is the id of the message
    the user answered (a board message picks its game); ``language`` is the platform's hint.
    """

    platform: str
    chat_id: str
    user_id: str
    user_name: str
    text: str | None = None
    payload: str | None = None
    language: str | None = None
    reply_to: str | None = None
    is_private: bool = False
    is_admin: bool = False  # the platform says the user administers this chat
    message_id: str | None = None  # the platform's id of the user's message (a reply can answer it in place)
    edited: bool = False  # the user edited an earlier message into this text
    update_id: str | None = None  # the platform's id of this update, where it may deliver one twice (webhooks)
    answers_only: bool = False  # the bot is no member of this chat: it can answer commands and buttons there, no more
    # written in the name of a chat (an anonymous admin, a channel), not of a person the bot can tell apart: it may read
    # and, as the chat's admin, change the chat's settings, never play (see Service.handle)
    anonymous: bool = False
    page_of: int | None = None  # made by the service for an action on this chat's page (the store's id of the chat)
    on_page: bool = False  # made by the service for what a player did on a page (not written in the chat itself)
    # The buttons the front end shows numbered (the terminal), each (the line that presses it, e.g. '/3' or '#7 /1', its
    # label, its payload): what '/3' means.
    buttons: tuple[tuple[str, str, str], ...] = ()


PICTURE = "picture"  # Reply.extra: the name a picture that shows no game's board is saved under (the terminal)
TO_MOVE = "to_move"  # Reply.extra: on a board owed after a change, the platform id of the player now to move
ENDS = "ends"  # Reply.extra: words that end their game with no board after them (an abort): where the game lives in one
# message (an inline game), they are shown over its board, whose buttons go


@dataclass(frozen=True)
class Choice:
    """A button: what it shows and the payload that comes back when it is pressed (≤ 64 bytes)."""

    label: str
    payload: str


@dataclass(frozen=True)
class Reply:
    """Something to send.

    ``image`` is a PNG board; ``choices`` are rows of buttons; ``game_id`` marks the reply as that
    game's board message (report the sent message's id with ``Service.board_posted``);
    ``edit_message_id`` asks to edit that earlier board message instead of posting a new one;
    ``private_to`` sends it to that user alone (an ephemeral answer where the platform has one);
    ``mentions`` names the users to notify (a challenged player; everyone a round's pairings name). ``diagram`` is
    a text picture for text-only front ends.
    ``thread`` asks for a discussion thread per game (a chat setting); ``thread_id`` is the
    game's thread once one was opened (report it with ``Service.thread_opened``).
    ``delivery`` marks what a committed change owes the chat (an outbox item): report the outcome
    with ``Service.sent`` or ``Service.unsent``, and it is sent again until it arrives.
    ``answer_to`` is the platform id of the user's message this answers (to reply to it in place).
    ``refusal`` marks the answer to a message the bot could not act on (an illegal move, an unknown
    command): the user may correct that message by editing it.
    ``closes`` says the reply answers the question whose button was pressed: remove that message's buttons.
    ``animation`` is an animated GIF (a replay), sent as a playing animation with ``text`` as its caption.
    ``link`` is (label, address) of a web page the message points to (a game's page): a link button where the
    platform has them, the address printed otherwise.
    ``secret`` marks a message for ``private_to``'s eyes only (a sign-in link): where it cannot be sent privately it
    is not sent at all, never shown in the chat.
    ``told`` and ``untold`` (with ``private_to``) are what the chat itself is told once the private message arrived,
    or when it could not be sent privately; neither is said where the platform answered privately in the chat itself
    (an ephemeral answer, the terminal).
    """

    platform: str
    chat_id: str
    text: str
    image: bytes | None = None
    choices: tuple[tuple[Choice, ...], ...] = ()
    game_id: int | None = None
    edit_message_id: str | None = None
    private_to: str | None = None
    mentions: tuple[str, ...] = ()
    language: str = "en"
    diagram: str | None = None
    alt: str | None = None  # the picture in words, for those who cannot see it (an attachment's description)
    thread: bool = False
    thread_id: str | None = None
    delivery: int | None = None
    answer_to: str | None = None
    closes: bool = False
    refusal: bool = False
    animation: bytes | None = None
    link: tuple[str, str] | None = None
    secret: bool = False
    told: str | None = None
    untold: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def telling(self, arrived: bool) -> Reply | None:
        """The message for the chat after this private reply ``arrived`` (or could not be sent privately), if any."""
        said = self.told if arrived else self.untold
        if said is None:
            return None
        return Reply(self.platform, self.chat_id, said, language=self.language, answer_to=self.answer_to)

    @property
    def mention(self) -> str | None:
        """The first user the reply notifies, if any."""
        return self.mentions[0] if self.mentions else None
