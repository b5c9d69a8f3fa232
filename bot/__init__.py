"""The chat application: the platform-neutral service and its front ends."""
