"""The platform-neutral service: events in, replies out."""

from bot.service.core import COMMANDS, Service, ServiceConfig
from bot.service.events import Choice, Event, Reply

__all__ = ["COMMANDS", "Choice", "Event", "Reply", "Service", "ServiceConfig"]
