"""Per-meeting wake-up, merge window, steer vs follow-up, finalize orchestration."""

from .coordinator import MeetingCoordinator

__all__ = ["MeetingCoordinator"]
