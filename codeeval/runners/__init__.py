"""Runners execute suites. ``base`` holds the protocol; ``docker`` is the real sandbox."""

from codeeval.runners.base import Runner, suite_request

__all__ = ["Runner", "suite_request"]
