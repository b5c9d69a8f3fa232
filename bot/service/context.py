"""One request as the command modules see it: the event, who sent it, where, and in which language."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.service.events import Event, Reply
from bot.service.texts import Words
from storage import Chat, User

Rights = Callable[[], Awaitable[bool]]  # asks the platform whether the sender administers the chat


@dataclass(frozen=True)
class Context:
    """One event with what the service found out about it. Frozen: a command that changes the
    language or the user makes a new context with :meth:`with_words` / :meth:`with_user`.
    ``rights`` asks the platform about the sender's rights in the chat (see :meth:`App.administers`)."""

    event: Event
    user: User
    chat: Chat
    words: Words
    rights: Rights | None = None
    command: str | None = None  # the command being run, by its name (a question about which game names its form)

    def reply(self, message: str, **fields: Any) -> Reply:
        """A message to the event's chat in the context's language."""
        return Reply(self.event.platform, self.event.chat_id, self.words.marked(message), language=self.words.language,
                     **fields)

    def private(self, message: str, **fields: Any) -> Reply:
        """A message only the sender sees (answering their message, where a platform must say it in the chat)."""
        return self.reply(message, private_to=self.event.user_id, answer_to=self.event.message_id, **fields)

    def refuse(self, message: str, **fields: Any) -> Reply:
        """The answer to a message the bot cannot act on (the sender may edit the message to correct it)."""
        return self.reply(message, refusal=True, answer_to=self.event.message_id, **fields)

    def question(self, message: str, choices: Any) -> Reply:
        """A question only the sender may answer, with its buttons: privately where the platform can show it
        privately, else in the chat as an answer to their message."""
        return self.reply(message, choices=choices, private_to=self.event.user_id, answer_to=self.event.message_id)

    def closing(self, replies: list[Reply]) -> list[Reply]:
        """``replies`` as the answer to the question whose button was pressed: its buttons go."""
        if not replies or not self.event.payload:
            return replies
        return [replace(replies[0], closes=True), *replies[1:]]

    def with_words(self, words: Words) -> Context:
        return replace(self, words=words)

    def with_user(self, user: User) -> Context:
        return replace(self, user=user)


def chat_reply(chat: Chat, words: Words, text: str, **fields: Any) -> Reply:
    """A message to ``chat``, which need not be the chat of the event being answered."""
    return Reply(chat.platform, chat.platform_id, words.marked(text), language=words.language, **fields)
