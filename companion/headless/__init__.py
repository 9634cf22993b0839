"""Driving a game without a screen: JSON lines (for programs) and a text prompt (for people)."""
