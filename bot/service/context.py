"""One request as the command modules see it: the event, who sent it, where, and in which language."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.service.events import Event, Reply
from bot.service.texts import Words
from storage import Chat, User


@dataclass(frozen=True)
class Context:
    """One event with what the service found out about it. Frozen: a command that changes the
    language or the user makes a new context with :meth:`with_words` / :meth:`with_user`."""

    event: Event
    user: User
    chat: Chat
    words: Words

    def reply(self, message: str, **fields: Any) -> Reply:
        """A message to the event's chat in the context's language."""
        return Reply(self.event.platform, self.event.chat_id, self.words.marked(message), language=self.words.language,
                     **fields)

    def private(self, message: str) -> Reply:
        """A message only the sender sees."""
        return self.reply(message, private_to=self.event.user_id)

    def with_words(self, words: Words) -> Context:
        return replace(self, words=words)

    def with_user(self, user: User) -> Context:
        return replace(self, user=user)


def chat_reply(chat: Chat, words: Words, text: str, **fields: Any) -> Reply:
    """A message to ``chat``, which need not be the chat of the event being answered."""
    return Reply(chat.platform, chat.platform_id, words.marked(text), language=words.language, **fields)
