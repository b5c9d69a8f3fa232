"""The platform-neutral service: events in, replies out."""

from bot.service.commands import COMMANDS, command_names, menu
from bot.service.config import ServiceConfig
from bot.service.core import Service
from bot.service.events import DIRECT, ENDS, TO_MOVE, Choice, Event, Reply

__all__ = ["COMMANDS", "DIRECT", "ENDS", "TO_MOVE", "Choice", "Event", "Reply", "Service", "ServiceConfig", "command_names",
           "menu"]
