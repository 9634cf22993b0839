"""Reusable Kivy widgets of the companion app."""
