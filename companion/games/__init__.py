"""Rules modules, one per game of the shared rulebooks. Each exposes ``RULES`` (see companion.engine)."""
